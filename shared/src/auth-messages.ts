// What the sign-in endpoints answer where the spec shows no wording: each names what went wrong
// in the person's terms. The spec's own texts are in ./errors (VERIFY_ERRORS, SIGNUP_ERRORS, ...).

/**
 * What a disabled person is told when they try to sign in (403). Here, not with the admin
 * schemas, because every page's sign-in errors need it and the admin schemas bring the phone
 * number metadata.
 */
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Please contact support.';

export const AUTH_SERVER_MESSAGES = {
  signIn: 'Please sign in.',
  adminOnly: 'Only administrators may do this.',
  crossSite: 'Cross-site requests are not allowed.',
  /** POST /api/auth/apple without the state this browser was given, or with another one. */
  appleStateMismatch: 'This Apple sign-in was not started in this browser. Please try again.',
  /** A profile picture URL that is not one POST /api/upload answered for this person. */
  pictureNotUploaded: 'Upload the picture with POST /api/upload first.',
  /** A code request without a valid App Check token, where production requires one. */
  appCheckFailed: 'This app could not be verified. Please reload the page and try again.',
} as const;
