// Passkeys (WebAuthn) and the silent renewal of a session: the bodies of the /api/auth/passkey…
// calls, the answers, and what a refusal says. The browser's WebAuthn answers are checked here
// for shape only (base64url strings of bounded size); @simplewebauthn/server checks the rest.
import { z } from 'zod';

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

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, PASSKEY_MESSAGES.invalidResponse);

const clientExtensionResults = z.record(z.string(), z.unknown()).default({});

/** A navigator.credentials.get() answer, as @simplewebauthn/browser serialises it. */
export const authenticationResponseSchema = z.object(
  {
    id: base64url(1400),
    rawId: base64url(1400),
    type: z.literal('public-key'),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults,
    response: z.object({
      clientDataJSON: base64url(4000),
      authenticatorData: base64url(4000),
      signature: base64url(1000),
      userHandle: base64url(200).optional(),
    }),
  },
  { error: PASSKEY_MESSAGES.invalidResponse },
);

/** A navigator.credentials.create() answer, as @simplewebauthn/browser serialises it. */
export const registrationResponseSchema = z.object(
  {
    id: base64url(1400),
    rawId: base64url(1400),
    type: z.literal('public-key'),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults,
    response: z.object({
      clientDataJSON: base64url(4000),
      attestationObject: base64url(16000),
      authenticatorData: base64url(4000).optional(),
      transports: z.array(z.string().max(20)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url(2000).optional(),
    }),
  },
  { error: PASSKEY_MESSAGES.invalidResponse },
);

/** `schema`, with any problem in it answered as one clear message (not a field's path). */
function answerOf<T extends z.ZodType>(schema: T) {
  return z.unknown().transform((value, ctx): z.output<T> => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: PASSKEY_MESSAGES.invalidResponse });
    return z.NEVER;
  });
}

/** POST /api/auth/passkey/login and /api/auth/admin/passkey. */
export const passkeySignInSchema = z.object({ response: answerOf(authenticationResponseSchema) });
export type PasskeySignInInput = z.infer<typeof passkeySignInSchema>;

const passkeyName = z
  .string()
  .trim()
  .min(1, PASSKEY_MESSAGES.nameInvalid)
  .max(60, PASSKEY_MESSAGES.nameInvalid);

/** POST /api/auth/passkeys: a new passkey, named after the device that made it. */
export const passkeyRegisterSchema = z.object({
  response: answerOf(registrationResponseSchema),
  name: passkeyName.optional(),
});
export type PasskeyRegisterInput = z.infer<typeof passkeyRegisterSchema>;

/** One passkey of GET /api/auth/passkeys (never its key or counter). */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced by a passkey provider (iCloud Keychain, Google Password Manager). */
  backedUp: boolean;
}

export interface PasskeyList {
  passkeys: PasskeySummary[];
}

/** POST /api/auth/admin/login when a passkey must confirm the password: the challenge. */
export interface AdminPasskeyChallenge {
  passkeyRequired: true;
  // The WebAuthn options (PublicKeyCredentialRequestOptionsJSON).
  options: object;
}

/** POST /api/auth/session/renew: the client SDK's current ID token. */
export const sessionRenewSchema = z.object({ idToken: z.string().min(1).max(8000) });

export interface SessionRenewAnswer {
  renewed: boolean;
}
