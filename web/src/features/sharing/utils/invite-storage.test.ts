import { STUCK_INVITE_FLAG_TIMEOUT_MS } from '@moments/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  INVITE_STORAGE_KEYS,
  beginInviteProcessing,
  clearStoredInvite,
  endInviteProcessing,
  msUntilInviteFlagStuck,
  readStoredInvite,
  storeInvite,
} from './invite-storage';
import { memoryStorage } from '../../../testing/storage';

let map: Map<string, string>;
let storage: Storage;

beforeEach(() => {
  map = new Map();
  storage = memoryStorage(map);
});

describe('stored invite', () => {
  it("keeps the four pending flags under the spec's names", () => {
    storeInvite(
      { token: 'tok', journalId: 'j1', journalTitle: 'Beach day', inviterName: 'Maya Lee' },
      storage,
    );
    expect(Object.fromEntries(map)).toEqual({
      pendingInviteToken: 'tok',
      pendingJournalId: 'j1',
      pendingJournalTitle: 'Beach day',
      pendingInviterName: 'Maya Lee',
    });
    expect(readStoredInvite(storage)).toEqual({
      token: 'tok',
      journalId: 'j1',
      journalTitle: 'Beach day',
      inviterName: 'Maya Lee',
    });
  });

  it('removes a field given as null and keeps one left out', () => {
    storeInvite({ token: 'tok', journalId: 'j1' }, storage);
    storeInvite({ token: null, inviterName: 'Leo' }, storage);
    expect(readStoredInvite(storage)).toEqual({
      token: null,
      journalId: 'j1',
      journalTitle: null,
      inviterName: 'Leo',
    });
  });

  it('clears every invite flag, the processing flag included', () => {
    storeInvite({ token: 'tok', journalId: 'j1', journalTitle: 't', inviterName: 'n' }, storage);
    map.set(INVITE_STORAGE_KEYS.processing, '1');
    map.set('redirectAfterLogin', '/home');
    clearStoredInvite(storage);
    expect(Object.fromEntries(map)).toEqual({ redirectAfterLogin: '/home' });
  });
});

describe('processingInviteToken flag', () => {
  const now = 1_700_000_000_000;

  it('is claimed once; a second claim is refused while the first is fresh', () => {
    expect(beginInviteProcessing(now, storage)).toBe(true);
    expect(map.get('processingInviteToken')).toBe(String(now));
    expect(beginInviteProcessing(now + 1000, storage)).toBe(false);
    endInviteProcessing(storage);
    expect(beginInviteProcessing(now + 2000, storage)).toBe(true);
  });

  it('counts as stuck 10 s after it was set, and may then be claimed again', () => {
    beginInviteProcessing(now, storage);
    expect(msUntilInviteFlagStuck(now + 4000, storage)).toBe(STUCK_INVITE_FLAG_TIMEOUT_MS - 4000);
    expect(msUntilInviteFlagStuck(now + STUCK_INVITE_FLAG_TIMEOUT_MS, storage)).toBe(0);
    expect(beginInviteProcessing(now + STUCK_INVITE_FLAG_TIMEOUT_MS, storage)).toBe(true);
  });

  it('is stuck at once when it does not hold a time, and absent when not set', () => {
    expect(msUntilInviteFlagStuck(now, storage)).toBeNull();
    map.set('processingInviteToken', 'abc');
    expect(msUntilInviteFlagStuck(now, storage)).toBe(0);
  });
});
