import { beforeEach, describe, expect, it, vi } from 'vitest';

type Analytics = typeof import('./index');

/** A fresh copy of the module (its queue is module state) and a sink that records calls. */
async function fresh() {
  vi.resetModules();
  const analytics: Analytics = await import('./index');
  const calls: unknown[][] = [];
  const sink = {
    track: (event: string, properties?: object) => calls.push(['track', event, properties]),
    reset: () => calls.push(['reset']),
  };
  return { analytics, calls, sink };
}

describe('the track() queue the pages carry', () => {
  let setup: Awaited<ReturnType<typeof fresh>>;
  beforeEach(async () => {
    setup = await fresh();
  });

  it('keeps calls made before analytics run and hands them over in order, then passes calls on', () => {
    const { analytics, calls, sink } = setup;
    analytics.track('sign_in_code_requested');
    analytics.resetAnalytics();
    expect(calls).toEqual([]);
    analytics.connectAnalytics(sink);
    expect(calls).toEqual([['track', 'sign_in_code_requested', undefined], ['reset']]);
    analytics.track('subscription_viewed', { flow: 'account' });
    expect(calls.at(-1)).toEqual(['track', 'subscription_viewed', { flow: 'account' }]);
  });

  it('keeps at most 100 calls while analytics have not started', () => {
    const { analytics, calls, sink } = setup;
    for (let i = 0; i < 150; i++) analytics.track('photo_added', { i });
    analytics.connectAnalytics(sink);
    expect(calls).toHaveLength(100);
    expect(calls.at(-1)).toEqual(['track', 'photo_added', { i: 99 }]);
  });

  it('tracks a call once it has succeeded, with properties from its answer, and not a failure', async () => {
    const { analytics, calls, sink } = setup;
    analytics.connectAnalytics(sink);
    await expect(
      analytics.tracked(Promise.resolve({ id: 'j1' }), 'moment_created', (answer) => ({
        journal_id: answer.id,
      })),
    ).resolves.toEqual({ id: 'j1' });
    await expect(
      analytics.tracked(Promise.reject(new Error('no')), 'moment_deleted'),
    ).rejects.toThrow('no');
    expect(calls).toEqual([['track', 'moment_created', { journal_id: 'j1' }]]);
  });
});
