// Profile pictures are shrunk before upload: phone photos are often 3-10 MB and the server
// keeps a 512 px square anyway. browser-image-compression is downloaded only when needed.

/** Long edge sent to the server: twice what it stores, so its own crop has room. */
const MAX_EDGE_PX = 1024;
const MAX_SIZE_MB = 1;

/**
 * A smaller JPEG of `file`, or `file` itself when the browser cannot decode it (e.g. HEIC
 * outside Safari) or the library fails to load: the server decodes and checks it anyway.
 */
export async function compressImage(file: File): Promise<Blob> {
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    return await imageCompression(file, {
      maxSizeMB: MAX_SIZE_MB,
      maxWidthOrHeight: MAX_EDGE_PX,
      fileType: 'image/jpeg',
      // Its web worker would load the library again from a CDN; the app fetches nothing
      // from third parties, and one picture compresses quickly enough on the main thread.
      useWebWorker: false,
    });
  } catch (error) {
    console.warn('Could not compress the picture; uploading it as chosen.', error);
    return file;
  }
}
