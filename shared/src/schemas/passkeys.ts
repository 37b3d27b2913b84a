// Passkeys (WebAuthn) and the silent renewal of a session: the bodies of the /api/auth/passkey…
// calls, the answers, and what a refusal says. The browser's WebAuthn answers are checked here
// for shape only (base64url strings of bounded size); @simplewebauthn/server checks the rest.
import { z } from 'zod';
import { PASSKEY_MESSAGES } from '../passkey-messages';

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, PASSKEY_MESSAGES.invalidResponse);

const clientExtensionResults = z.record(z.string(), z.unknown()).default({});

/** What every WebAuthn answer holds besides its `response`, as @simplewebauthn/browser serialises it. */
const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
};

/** A navigator.credentials.get() answer. */
export const authenticationResponseSchema = z.object(
  {
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(4000),
      authenticatorData: base64url(4000),
      signature: base64url(1000),
      userHandle: base64url(200).optional(),
    }),
  },
  { error: PASSKEY_MESSAGES.invalidResponse },
);

/** A navigator.credentials.create() answer. */
export const registrationResponseSchema = z.object(
  {
    ...credentialFields,
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
