// Photos are shrunk in the browser before upload: phone photos are often 3-10 MB and the server
// keeps far smaller versions anyway. One module for every upload (profile pictures, moment
// photos); browser-image-compression is downloaded only when a picture is first compressed.
// The library's own copy is served with the app for its web worker, which would otherwise
// load it from a CDN: the app fetches nothing from third parties.
import libUrl from 'browser-image-compression/dist/browser-image-compression.js?url';

export interface CompressOptions {
  /** Longest side of the result, in pixels. */
  maxEdgePx: number;
  /** Target size; quality (and, past it, size) is reduced until the result fits. */
  maxSizeMB?: number;
  /** JPEG/WebP quality of the first attempt, 0 to 1. */
  initialQuality?: number;
  /** Output type; the input's type when absent. */
  fileType?: string;
}

/** A profile picture: the server keeps a 512 px square, so twice that leaves room to crop. */
export const PROFILE_PICTURE: CompressOptions = {
  maxEdgePx: 1024,
  maxSizeMB: 1,
  fileType: 'image/jpeg',
};

/** A moment photo: the server keeps a 1600 px display copy and a 480 px thumbnail. */
export const MOMENT_PHOTO: CompressOptions = {
  maxEdgePx: 2400,
  initialQuality: 0.85,
};

/**
 * A smaller copy of `file`, or `file` itself when the browser cannot decode it (e.g. HEIC
 * outside Safari) or the library fails to load: the server sniffs and decodes it anyway.
 */
export async function compressImage(file: File, options: CompressOptions): Promise<Blob> {
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    return await imageCompression(file, {
      maxWidthOrHeight: options.maxEdgePx,
      maxSizeMB: options.maxSizeMB,
      initialQuality: options.initialQuality,
      fileType: options.fileType,
      // Off the main thread, so the page stays responsive while several photos shrink; the
      // library falls back to the main thread when a worker cannot start.
      useWebWorker: true,
      libURL: new URL(libUrl, window.location.href).href,
    });
  } catch (error) {
    console.warn('Could not compress the picture; uploading it as chosen.', error);
    return file;
  }
}

export const compressProfilePicture = (file: File) => compressImage(file, PROFILE_PICTURE);
export const compressMomentPhoto = (file: File) => compressImage(file, MOMENT_PHOTO);
