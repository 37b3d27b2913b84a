// What passkey sign-in and My Account's passkeys say, and their limits: apart from the
// schemas (./schemas/passkeys), so the sign-in page's first screen carries no zod for them.

export const PASSKEY_MESSAGES = {
  /** The offer after a code or Apple sign-in. */
  offer: 'Sign in faster next time with a passkey',
  invalidResponse: 'This passkey answer is not valid.',
  /** No challenge for this browser, or it was used or has expired. */
  challengeExpired: 'This passkey request has expired. Please try again.',
  /** Unknown or removed credential, failed signature, wrong site or counter. */
  refused: 'This passkey was not accepted. Sign in with your phone number instead.',
  notFound: 'Passkey not found.',
  lastSignInMethod: 'This passkey is your only way to sign in, so it cannot be removed.',
  tooMany: 'You have the most passkeys an account can have. Remove one first.',
  nameInvalid: 'Passkey name must be 1 to 60 characters.',
  adminPasskeyRequired: 'Confirm with your passkey to finish signing in.',
  unsupported: 'This browser cannot use passkeys. Sign in with your phone number instead.',
} as const;

/** How long a passkey challenge may be answered. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Passkeys one account may have. */
export const MAX_PASSKEYS = 20;
