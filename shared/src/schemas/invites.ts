// Request bodies of the invite calls. Apart from the moment calls (./journals) because they
// check phone numbers: the phone library's metadata then loads only where invites are used.

import { z } from 'zod';
import { INVITE_TOKEN_MAX_LENGTH } from '../constants';
import { inviteProfileSchema, phoneNumberSchema, signupSchema } from './auth';
import { idSchema } from './ids';
import { JOURNAL_VALIDATION_MESSAGES as M } from './journals';

/** Creating an invite link, optionally for one phone number. */
export const inviteSchema = z.object({
  journalId: idSchema,
  targetPhoneNumber: phoneNumberSchema.optional(),
});

/** POST /api/journals/:id/invites (the journal comes from the URL). */
export const createInviteSchema = z.object({
  targetPhoneNumber: phoneNumberSchema.optional(),
});

/** An invite token as it appears in a link: base64url, at most INVITE_TOKEN_MAX_LENGTH. */
export const inviteTokenSchema = z
  .string({ error: M.inviteTokenInvalid })
  .min(1, { error: M.inviteTokenInvalid, abort: true })
  .max(INVITE_TOKEN_MAX_LENGTH, { error: M.inviteTokenInvalid, abort: true })
  .regex(/^[A-Za-z0-9_-]+$/, M.inviteTokenInvalid);

/** POST /api/journals/:id/accept-invite; without a token, a targeted invite for the caller. */
export const acceptInviteSchema = z.object({
  inviteToken: inviteTokenSchema.optional(),
});

/**
 * POST /api/invites/preview: the link's token in the body, not the path, so it stays out of
 * request logs. Any string: a malformed token is simply not found (404), like an unknown one.
 */
export const invitePreviewSchema = z.object({
  token: z.string({ error: M.inviteTokenInvalid }).max(1024, { error: M.inviteTokenInvalid }),
});

/**
 * POST /api/auth/signup from the invite flow's profile step (skipVerification: true): an
 * untargeted invite link stands in for the phone code. Like sign-up, but the last name is
 * optional (as on the invite profile form) and the moment and token are required.
 */
export const inviteSignupSchema = signupSchema.extend({
  lastName: inviteProfileSchema.shape.lastName,
  skipVerification: z.literal(true),
  journalId: idSchema,
  inviteToken: inviteTokenSchema,
});

export type InviteInput = z.infer<typeof inviteSchema>;
export type CreateInviteInput = z.infer<typeof createInviteSchema>;
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;
export type InviteSignupInput = z.infer<typeof inviteSignupSchema>;
