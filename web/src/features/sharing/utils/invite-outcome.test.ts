import { INVITE_MESSAGES, JOURNAL_ACCESS_NOT_READY_TOAST, SUCCESS_TOASTS } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import type { AcceptResult } from './accept-retry';
import { JOIN_REFUSED_TITLE, afterAccept, nextAfterPhoneCheck } from './invite-outcome';

function answer(fields: { success: boolean; alreadyHadAccess?: boolean; message?: string }) {
  return {
    kind: 'answer',
    attempts: 1,
    response: {
      success: fields.success,
      inviteFound: true,
      message: fields.message ?? '',
      alreadyHadAccess: fields.alreadyHadAccess ?? false,
    },
  } satisfies AcceptResult;
}

describe('nextAfterPhoneCheck', () => {
  it('sends an existing account a sign-in code, whatever the link', () => {
    expect(nextAfterPhoneCheck('exists', false)).toBe('sign-in-code');
    expect(nextAfterPhoneCheck('exists', true)).toBe('sign-in-code');
  });

  it('lets a new person skip the code only with a link that is not for one number', () => {
    expect(nextAfterPhoneCheck('unknown', false)).toBe('profile');
    expect(nextAfterPhoneCheck('unknown', true)).toBe('sign-up-code');
  });

  it('requests a sign-up code when the check fails', () => {
    expect(nextAfterPhoneCheck('failed', false)).toBe('sign-up-code');
  });
});

describe('afterAccept', () => {
  it('opens the moment with "Invite accepted!" once accepted', () => {
    expect(afterAccept(answer({ success: true }), 'j 1', false)).toEqual({
      path: '/journals/j%201',
      toast: SUCCESS_TOASTS.inviteAccepted,
    });
  });

  it('goes to /home with "Invite accepted!" for a token in the auth page URL', () => {
    expect(afterAccept(answer({ success: true }), 'j1', true, 'home')).toEqual({
      path: '/home',
      toast: SUCCESS_TOASTS.inviteAccepted,
    });
  });

  it('sends someone who was already a member to /invite-success', () => {
    expect(afterAccept(answer({ success: true, alreadyHadAccess: true }), 'j1', true).path).toBe(
      '/invite-success?journalId=j1',
    );
  });

  it('opens the moment without a toast when it can be fetched although accepting failed', () => {
    const failed: AcceptResult = { kind: 'error', error: new Error('500'), attempts: 3 };
    expect(afterAccept(failed, 'j1', true)).toEqual({ path: '/journals/j1' });
  });

  it('goes home with "Journal access not ready" after errors', () => {
    const failed: AcceptResult = { kind: 'error', error: new Error('500'), attempts: 3 };
    expect(afterAccept(failed, 'j1', false)).toEqual({
      path: '/home',
      toast: JOURNAL_ACCESS_NOT_READY_TOAST,
    });
  });

  it("goes home with the server's reason when the invite was refused", () => {
    const result = afterAccept(
      answer({ success: false, message: INVITE_MESSAGES.wrongPerson }),
      'j1',
      false,
    );
    expect(result).toEqual({
      path: '/home',
      refusal: INVITE_MESSAGES.wrongPerson,
      toast: {
        title: JOIN_REFUSED_TITLE,
        description: INVITE_MESSAGES.wrongPerson,
        variant: 'destructive',
      },
    });
  });
});
