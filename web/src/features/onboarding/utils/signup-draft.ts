// What the step-by-step sign-up (/signup/*) has collected so far, kept in session storage so a
// reload or the Back button does not lose it, and gone when the tab closes.
import { z } from 'zod';
import { readStoredJson, safeSessionStorage, writeStoredJson } from '../../../lib/safe-storage';

export const SIGNUP_DRAFT_KEY = 'signupDraft';

const draftSchema = z
  .object({
    /** E.164, set once the code has been sent. */
    phoneNumber: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
  })
  .partial();

export type SignupDraft = z.infer<typeof draftSchema>;

/** The draft so far; none, or one that does not parse, starts again. */
export function readSignupDraft(): SignupDraft {
  const parsed = draftSchema.safeParse(readStoredJson(safeSessionStorage, SIGNUP_DRAFT_KEY) ?? {});
  return parsed.success ? parsed.data : {};
}

/** Merges `patch` into the stored draft and answers the result. */
export function saveSignupDraft(patch: SignupDraft): SignupDraft {
  const next = { ...readSignupDraft(), ...patch };
  writeStoredJson(safeSessionStorage, SIGNUP_DRAFT_KEY, next);
  return next;
}

export function clearSignupDraft(): void {
  safeSessionStorage.removeItem(SIGNUP_DRAFT_KEY);
}
