// What other features may use of photos: processing, storing and serving image bytes.
export { MAX_UPLOAD_BYTES, VARIANT_NAMES, exportJpeg, processPhoto, rotatePhoto } from './process';
export type { ProcessedPhoto, Variant } from './process';
export { photoStore } from './store';
export { UPLOAD_MESSAGES, processOrRefuse, readUpload, sendExportJpeg, sendWebp } from './upload';
