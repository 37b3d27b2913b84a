import {
  INVITE_MESSAGES,
  JOURNAL_ACCESS_NOT_READY_TOAST,
  SUCCESS_TOASTS,
  type AcceptInviteResponse,
} from '@moments/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCEPT_INVITE_POLICY } from '../utils/accept-retry';
import { joinInvite } from './accept-invite';

const noWait = { ...ACCEPT_INVITE_POLICY, sleep: async () => undefined };

function answer(fields: Partial<AcceptInviteResponse>): AcceptInviteResponse {
  return { success: false, inviteFound: true, message: '', alreadyHadAccess: false, ...fields };
}

/** Answers POST accept-invite from `accepts` in turn, and GET journal with `journalStatus`. */
function stubApi(accepts: (AcceptInviteResponse | number)[], journalStatus: number) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST') {
        const next = accepts.shift();
        if (typeof next === 'number') return new Response('{"message":"x"}', { status: next });
        return Response.json(next);
      }
      return journalStatus === 200
        ? Response.json({ id: 'j1' })
        : new Response('{"message":"Not found"}', { status: journalStatus });
    }),
  );
  return calls;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('joinInvite', () => {
  it('posts the token once and opens the moment with "Invite accepted!"', async () => {
    const calls = stubApi([answer({ success: true })], 404);
    const after = await joinInvite({ journalId: 'j1', token: 'tok' }, noWait);
    expect(after).toEqual({ path: '/journals/j1', toast: SUCCESS_TOASTS.inviteAccepted });
    expect(calls).toEqual([
      { method: 'POST', path: '/api/journals/j1/accept-invite', body: { inviteToken: 'tok' } },
    ]);
  });

  it('without a token, asks for a link made for the caller (an empty body)', async () => {
    const calls = stubApi([answer({ success: true })], 404);
    await joinInvite({ journalId: 'j1', token: null }, noWait);
    expect(calls[0]?.body).toEqual({});
  });

  it('tries 3 times, then opens the moment if it can be fetched anyway', async () => {
    const calls = stubApi([503, answer({}), 500], 200);
    const after = await joinInvite({ journalId: 'j1', token: 'tok' }, noWait);
    expect(after).toEqual({ path: '/journals/j1' });
    expect(calls.map((call) => call.method)).toEqual(['POST', 'POST', 'POST', 'GET']);
  });

  it('goes home with "Journal access not ready" when nothing works', async () => {
    stubApi([500, 500, 500], 404);
    expect(await joinInvite({ journalId: 'j1', token: 'tok' }, noWait)).toEqual({
      path: '/home',
      toast: JOURNAL_ACCESS_NOT_READY_TOAST,
    });
  });

  it("goes home with the server's reason when it refuses", async () => {
    const refused = answer({ message: INVITE_MESSAGES.revoked });
    stubApi([refused, refused, refused], 404);
    const after = await joinInvite({ journalId: 'j1', token: 'tok' }, noWait);
    expect(after.path).toBe('/home');
    expect(after.refusal).toBe(INVITE_MESSAGES.revoked);
  });
});
