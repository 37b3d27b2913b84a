// Photos are shrunk in the browser before upload: phone photos are often 3-10 MB and the server
// keeps far smaller versions anyway. One module for every upload (profile pictures, moment
// photos); browser-image-compression is downloaded only when a picture is first compressed.
// It runs in a worker of the app's own (src/compress-image-worker.ts), so the page stays
// responsive while several photos shrink.
import type { Options } from 'browser-image-compression';
import type { CompressAnswer, CompressRequest } from '../compress-image-worker';

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
  const libraryOptions: Options = {
    maxWidthOrHeight: options.maxEdgePx,
    maxSizeMB: options.maxSizeMB,
    initialQuality: options.initialQuality,
    fileType: options.fileType,
  };
  try {
    return await compressInWorker(file, libraryOptions);
  } catch (workerError) {
    // No worker here (or it failed): on the page's thread, as the library would.
    try {
      const { default: imageCompression } = await import('browser-image-compression');
      return await imageCompression(file, { ...libraryOptions, useWebWorker: false });
    } catch (error) {
      console.warn('Could not compress the picture; uploading it as chosen.', workerError, error);
      return file;
    }
  }
}

/** One compression in a worker of its own, ended once it answers. */
function compressInWorker(file: File, options: Options): Promise<Blob> {
  return new Promise((resolve, reject) => {
    if (typeof Worker !== 'function') {
      reject(new Error('No workers here'));
      return;
    }
    const worker = new Worker(new URL('../compress-image-worker.ts', import.meta.url), {
      type: 'module',
      name: 'compress-image',
    });
    worker.onmessage = (event: MessageEvent<CompressAnswer>) => {
      worker.terminate();
      if ('blob' in event.data) resolve(event.data.blob);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The compression worker failed to start'));
    };
    const request: CompressRequest = { file, options };
    worker.postMessage(request);
  });
}

export const compressProfilePicture = (file: File) => compressImage(file, PROFILE_PICTURE);
export const compressMomentPhoto = (file: File) => compressImage(file, MOMENT_PHOTO);
