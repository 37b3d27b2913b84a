// exifr ships types for its main entry only; its lite build has the same API.
declare module 'exifr/dist/lite.esm.mjs' {
  import exifr from 'exifr';
  export default exifr;
}
