// Silent renewal, the app's side: once a day at most, after a signed-in page has settled, the
// client SDK's current ID token goes to POST /api/auth/session/renew, which swaps a session
// cookie more than seven days old for a fresh 14-day one (functions/…/session-renewal.ts). So
// someone who opens the app weekly is never sent back to the code screen.
import type { SessionRenewAnswer } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { loadFirebase } from '../../../lib/firebase-loader';
import { safeLocalStorage } from '../../../lib/safe-storage';

export const RENEW_CHECKED_KEY = 'moments.sessionRenewCheckedAt';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Asks for a renewal unless this device asked within the last day; answers whether it renewed. */
export async function renewSessionIfDue(now: number = Date.now()): Promise<boolean> {
  const last = Number(safeLocalStorage.getItem(RENEW_CHECKED_KEY) ?? 0);
  if (now - last < DAY_MS && last <= now) return false;
  safeLocalStorage.setItem(RENEW_CHECKED_KEY, String(now));
  try {
    const idToken = await (await loadFirebase()).getIdToken();
    if (!idToken) return false;
    const answer = await api.post<SessionRenewAnswer>('/api/auth/session/renew', { idToken });
    return answer.renewed;
  } catch {
    // Offline, or the session has ended: the next day's visit asks again, or the person signs in.
    return false;
  }
}
