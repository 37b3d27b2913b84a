// Stands in for the `re2js` package in the web build (see vite.config.ts resolve.alias).
// Firestore 12 imports that regular-expression engine only to evaluate the like/regex
// functions of Pipelines on the client; this app uses no Pipelines, and leaving the engine
// out makes the Firestore chunk that every signed-in page loads much smaller (docs/startup.md).
// Firestore catches this error and treats such an expression as an error value.
export class RE2JS {
  static compile(): never {
    throw new Error('Regular expressions of Firestore Pipelines are not bundled in this app.');
  }
}
