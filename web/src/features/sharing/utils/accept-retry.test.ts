import type { AcceptInviteResponse } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ACCEPT_INVITE_POLICY, acceptWithRetry, type RetryPolicy } from './accept-retry';

const accepted: AcceptInviteResponse = {
  success: true,
  inviteFound: true,
  message: 'You joined the moment.',
  alreadyHadAccess: false,
};
const refused: AcceptInviteResponse = {
  success: false,
  inviteFound: true,
  message: 'This invite was meant for someone else. Ask the person who sent it for a new link.',
  alreadyHadAccess: false,
};

function recordingPolicy() {
  const waits: number[] = [];
  const policy: RetryPolicy = {
    ...ACCEPT_INVITE_POLICY,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  return { policy, waits };
}

function scripted(...steps: (AcceptInviteResponse | Error)[]) {
  let calls = 0;
  const attempt = async () => {
    const step = steps[calls++];
    if (!step) throw new Error('called too often');
    if (step instanceof Error) throw step;
    return step;
  };
  return { attempt, calls: () => calls };
}

describe('acceptWithRetry (3 tries, 0.5 s after a refusal, 1 s after an error)', () => {
  it('stops at the first success without waiting', async () => {
    const { policy, waits } = recordingPolicy();
    const script = scripted(accepted);
    const result = await acceptWithRetry(script.attempt, policy);
    expect(result).toEqual({ kind: 'answer', response: accepted, attempts: 1 });
    expect(script.calls()).toBe(1);
    expect(waits).toEqual([]);
  });

  it('waits 0.5 s after an unsuccessful answer and 1 s after an error', async () => {
    const { policy, waits } = recordingPolicy();
    const script = scripted(refused, new Error('503: busy'), accepted);
    const result = await acceptWithRetry(script.attempt, policy);
    expect(result.kind).toBe('answer');
    expect(result.attempts).toBe(3);
    expect(waits).toEqual([500, 1000]);
  });

  it('gives up after 3 attempts with the last outcome, and does not wait after the last', async () => {
    const { policy, waits } = recordingPolicy();
    const error = new Error('network down');
    const script = scripted(refused, refused, error);
    const result = await acceptWithRetry(script.attempt, policy);
    expect(result).toEqual({ kind: 'error', error, attempts: 3 });
    expect(waits).toEqual([500, 500]);

    const again = recordingPolicy();
    const refusals = scripted(new Error('x'), refused, refused);
    expect(await acceptWithRetry(refusals.attempt, again.policy)).toEqual({
      kind: 'answer',
      response: refused,
      attempts: 3,
    });
    expect(again.waits).toEqual([1000, 500]);
  });
});
