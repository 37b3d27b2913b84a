// What the step-by-step sign-up (/signup/*) has collected so far, kept in session storage so a
// reload or the Back button does not lose it, and gone when the tab closes.
import { z } from 'zod';

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

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled (some private modes)
  }
}

export function readSignupDraft(): SignupDraft {
  const raw = safeSessionStorage()?.getItem(SIGNUP_DRAFT_KEY);
  if (!raw) return {};
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {}; // not JSON: start again
  }
}

/** Merges `patch` into the stored draft and answers the result. */
export function saveSignupDraft(patch: SignupDraft): SignupDraft {
  const next = { ...readSignupDraft(), ...patch };
  safeSessionStorage()?.setItem(SIGNUP_DRAFT_KEY, JSON.stringify(next));
  return next;
}

export function clearSignupDraft(): void {
  safeSessionStorage()?.removeItem(SIGNUP_DRAFT_KEY);
}
