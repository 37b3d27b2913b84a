import { describe, expect, it } from 'vitest';
import { inviteAuthPath, isInviteUrl, resolveInvite } from './invite-url';

describe('isInviteUrl', () => {
  it('recognises the invite parameters of the auth page', () => {
    expect(isInviteUrl(new URLSearchParams('message=journal-invite&journalId=j1'))).toBe(true);
    expect(isInviteUrl(new URLSearchParams('invite=true'))).toBe(true);
    expect(isInviteUrl(new URLSearchParams('inviteToken=abc'))).toBe(true);
    expect(isInviteUrl(new URLSearchParams('token=abc'))).toBe(true);
  });

  it('leaves plain sign-in and sign-up alone', () => {
    expect(isInviteUrl(new URLSearchParams(''))).toBe(false);
    expect(isInviteUrl(new URLSearchParams('signup=true&message=hello'))).toBe(false);
  });
});

describe('inviteAuthPath', () => {
  it('carries the journal but never the token or the inviter', () => {
    const path = inviteAuthPath({ journalId: 'j1' });
    const params = new URL(path, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({ message: 'journal-invite', journalId: 'j1' });
  });
});

describe('resolveInvite', () => {
  const stored = { token: 'tok', journalId: 'j1', journalTitle: 'Beach day', inviterName: 'Maya' };
  const none = { token: null, journalId: null, journalTitle: null, inviterName: null };

  it('prefers the URL and fills the rest from storage', () => {
    expect(resolveInvite(new URLSearchParams('journalId=j1'), stored)).toEqual(stored);
    expect(resolveInvite(new URLSearchParams('token=t2&journalId=j2'), none)).toEqual({
      token: 't2',
      journalId: 'j2',
      journalTitle: null,
      inviterName: null,
    });
  });

  it("never takes the inviter's name from the URL", () => {
    const spoofed = new URLSearchParams(
      'inviterName=Apple%20Support%20(verify%20at%20evil.example)',
    );
    expect(resolveInvite(spoofed, stored).inviterName).toBe('Maya');
    expect(resolveInvite(spoofed, none).inviterName).toBeNull();
  });

  it("ignores a stored token of another moment than the URL's", () => {
    expect(resolveInvite(new URLSearchParams('journalId=j9'), stored)).toEqual({
      token: null,
      journalId: 'j9',
      journalTitle: null,
      inviterName: null,
    });
  });
});
