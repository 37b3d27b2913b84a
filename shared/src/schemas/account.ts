// Deleting one's own account (My Account, "Delete my account"): the choices the person makes and
// the fresh proof that it is them (a code texted to their proven number, or a passkey step).
// docs/security.md, "Deleting one's own account", says why.
import { z } from 'zod';
import { VERIFICATION_CODE_LENGTH } from '../constants';
import { passkeySignInSchema } from './passkeys';

export const ACCOUNT_DELETION_MESSAGES = {
  codeLength: 'Verification code must be 6 digits',
  choiceInvalid: 'Choose what happens to your shared moments and your entries',
  /** The account has no phone number to send a code to (an Apple account without one). */
  noPhone: 'This account has no phone number to send a code to.',
  /** No code sent to this browser for this account, or it expired or its tries ran out. */
  codeExpired: 'Your verification code has expired. Please request a new one.',
  wrongCode: 'That code is not right. Please check it and try again.',
  /** The body carries neither a code nor a passkey answer, or both. */
  proofMissing: 'Confirm it is you with a code or a passkey',
  /** The account has no passkey to ask for (add one in My Account first). */
  noPasskey: 'This account has no passkey yet. Add one first.',
  /** No passkey step asked for by this browser for this account, or it was used or expired. */
  passkeyExpired: 'This passkey step has expired. Please try again.',
  /** Not one of the person's passkeys, no user verification, or a failed signature. */
  passkeyRefused: 'This passkey was not accepted. Please try again with one of your passkeys.',
  /** Another request of the same person is deleting the account right now. */
  inProgress: 'Your account is being deleted.',
  /** A step failed; what is done stays done and the next try finishes the rest. */
  stoppedMidway:
    'Deleting your account stopped before it was finished. Sign in again if asked, then try again to finish it.',
} as const;

const M = ACCOUNT_DELETION_MESSAGES;

/**
 * What happens to a moment the person owns that others have joined: deleted with everything in
 * it, or handed to the member who joined it first (the longest-standing other member).
 */
export const SHARED_MOMENT_CHOICES = ['delete', 'handOver'] as const;
export type SharedMomentChoice = (typeof SHARED_MOMENT_CHOICES)[number];

/**
 * What happens to the person's entries and photos in other people's moments: removed, or kept
 * with the author shown as "A former member" (no name, picture or number).
 */
export const CONTRIBUTION_CHOICES = ['remove', 'keep'] as const;
export type ContributionChoice = (typeof CONTRIBUTION_CHOICES)[number];

/** The author card that entries kept by a deleted person show. */
export const FORMER_MEMBER_NAME = 'A former member';

/** The two choices, which the dialog checks before either proof is asked for. */
export const deletionChoicesSchema = z.object({
  sharedMoments: z.enum(SHARED_MOMENT_CHOICES, { error: M.choiceInvalid }),
  contributions: z.enum(CONTRIBUTION_CHOICES, { error: M.choiceInvalid }),
});
export type DeletionChoices = z.infer<typeof deletionChoicesSchema>;

const codeField = z
  .string({ error: M.codeLength })
  .trim()
  .length(VERIFICATION_CODE_LENGTH, { error: M.codeLength, abort: true })
  .regex(/^\d+$/, M.codeLength);

/**
 * POST /api/account/delete: the choices and exactly one fresh proof, `code` (sent by
 * /api/account/deletion-code) or `passkey` (navigator.credentials.get()'s answer to the
 * challenge of /api/account/deletion-passkey).
 */
export const deleteMyAccountSchema = deletionChoicesSchema
  .extend({
    code: codeField.optional(),
    passkey: passkeySignInSchema.shape.response.optional(),
  })
  .refine((input) => (input.code === undefined) !== (input.passkey === undefined), {
    error: M.proofMissing,
  });
export type DeleteMyAccountInput = z.infer<typeof deleteMyAccountSchema>;

/** What POST /api/account/delete answers: done, or another request of theirs is finishing it. */
export interface DeleteMyAccountAnswer {
  status: 'deleted' | 'inProgress';
}

/** POST /api/account/deletion-code: a code was sent, or one still pending works. */
export interface DeletionCodeAnswer {
  codeSent: boolean;
  /** The number the code went to, for the dialog ("+1 650-555-0101"). */
  phoneNumber: string;
  expiresAt: string;
}

/** GET /api/account/deletion-proofs: which fresh proofs this account can give. */
export interface DeletionProofsAnswer {
  /** A code can be texted: the account has a number it proved. */
  code: boolean;
  /** The account has at least one passkey. */
  passkey: boolean;
}
