// The invite's session flags, under the spec's names: kept while a token from the URL is
// processed, and cleared when stuck. Session storage: gone when the tab closes, and never
// sent to a server.
import { STUCK_INVITE_FLAG_TIMEOUT_MS } from '@moments/shared';
import { safeSessionStorage } from '../../../lib/safe-storage';
import { INVITE_STORAGE_KEYS } from '../../auth/utils/invite-params';

export { INVITE_STORAGE_KEYS };

/** What the invite flow knows about the invite being followed. */
export interface StoredInvite {
  token: string | null;
  journalId: string | null;
  journalTitle: string | null;
  inviterName: string | null;
}

type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readStoredInvite(storage: FlagStorage = safeSessionStorage): StoredInvite {
  const get = (key: string) => storage.getItem(key) || null;
  return {
    token: get(INVITE_STORAGE_KEYS.token),
    journalId: get(INVITE_STORAGE_KEYS.journalId),
    journalTitle: get(INVITE_STORAGE_KEYS.journalTitle),
    inviterName: get(INVITE_STORAGE_KEYS.inviterName),
  };
}

/** Stores the given fields; a field given as null is removed, one left out is kept. */
export function storeInvite(
  invite: Partial<StoredInvite>,
  storage: FlagStorage = safeSessionStorage,
): void {
  const keys = {
    token: INVITE_STORAGE_KEYS.token,
    journalId: INVITE_STORAGE_KEYS.journalId,
    journalTitle: INVITE_STORAGE_KEYS.journalTitle,
    inviterName: INVITE_STORAGE_KEYS.inviterName,
  } as const;
  for (const field of Object.keys(keys) as (keyof StoredInvite)[]) {
    const value = invite[field];
    if (value === undefined) continue;
    if (value === null || value === '') storage.removeItem(keys[field]);
    else storage.setItem(keys[field], value);
  }
}

/** Forgets the invite once it has been used or refused (the processing flag too). */
export function clearStoredInvite(storage: FlagStorage = safeSessionStorage): void {
  for (const key of Object.values(INVITE_STORAGE_KEYS)) storage.removeItem(key);
}

/**
 * Claims the processingInviteToken flag before calling accept-invite, so that a second
 * screen (another render, a double tap) does not process the same invite at once. The flag
 * holds the time it was set. Answers false when someone else is processing and the flag is
 * not stuck yet.
 */
export function beginInviteProcessing(
  now = Date.now(),
  storage: FlagStorage = safeSessionStorage,
): boolean {
  const wait = msUntilInviteFlagStuck(now, storage);
  if (wait !== null && wait > 0) return false;
  storage.setItem(INVITE_STORAGE_KEYS.processing, String(now));
  return true;
}

export function endInviteProcessing(storage: FlagStorage = safeSessionStorage): void {
  storage.removeItem(INVITE_STORAGE_KEYS.processing);
}

/**
 * How long until a set processingInviteToken flag counts as stuck (0: it already is; a value
 * that is not a time, left by an older version, is stuck at once). Null when it is not set.
 */
export function msUntilInviteFlagStuck(
  now = Date.now(),
  storage: FlagStorage = safeSessionStorage,
): number | null {
  const raw = storage.getItem(INVITE_STORAGE_KEYS.processing);
  if (raw == null) return null;
  const since = Number(raw);
  if (!Number.isFinite(since) || since <= 0 || since > now) return 0;
  return Math.max(0, since + STUCK_INVITE_FLAG_TIMEOUT_MS - now);
}

/** The raw flag, to tell whether the one a timer saw is still the one set. */
export function inviteProcessingFlag(storage: FlagStorage = safeSessionStorage): string | null {
  return storage.getItem(INVITE_STORAGE_KEYS.processing);
}
