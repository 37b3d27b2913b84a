// How fast one client may use invite tokens (preview, cover, accept, sign-up by link). A token
// has 256 random bits, so guessing is hopeless anyway; the limit keeps it that way cheaply.
// No imports, so the tests can read these numbers without starting the Admin SDK.

export const INVITE_TOKEN_LIMITS = {
  perClient: { limit: 60, windowMs: 10 * 60 * 1000 },
} as const;
