import { describe, expect, it } from 'vitest';
import { sessionStorageForEachTest } from '../../../testing/storage';
import { INVITE_STORAGE_KEYS, rememberInviteParams } from './invite-params';

const storage = sessionStorageForEachTest();

describe('rememberInviteParams', () => {
  it("keeps the token and journal of an invite link, never the URL's inviter name", () => {
    rememberInviteParams(
      new URLSearchParams('message=journal-invite&inviteToken=abc&journalId=j1&inviterName=Maya'),
    );
    expect(Object.fromEntries(storage)).toEqual({
      [INVITE_STORAGE_KEYS.token]: 'abc',
      [INVITE_STORAGE_KEYS.journalId]: 'j1',
    });
  });

  it('accepts the token under its short name too', () => {
    rememberInviteParams(new URLSearchParams('token=xyz'));
    expect(storage.get(INVITE_STORAGE_KEYS.token)).toBe('xyz');
  });

  it('clears a stuck processing flag and leaves stored invites alone without parameters', () => {
    storage.set(INVITE_STORAGE_KEYS.processing, 'abc');
    storage.set(INVITE_STORAGE_KEYS.token, 'earlier');
    rememberInviteParams(new URLSearchParams(''));
    expect(storage.has(INVITE_STORAGE_KEYS.processing)).toBe(false);
    expect(storage.get(INVITE_STORAGE_KEYS.token)).toBe('earlier');
  });
});
