// @vitest-environment jsdom
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
    // Earlier tests' copies of the module still listen: they keep what they had, then it goes.
    window.dispatchEvent(new Event('pagehide'));
    localStorage.clear();
    setup = await fresh();
  });

  it('keeps calls made before analytics run and hands them over in order, then passes calls on', () => {
    const { analytics, calls, sink } = setup;
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    analytics.track('sign_in_code_requested');
    analytics.resetAnalytics();
    vi.useRealTimers();
    expect(calls).toEqual([]);
    analytics.connectAnalytics(sink);
    // With the time they were made, not the time they went out.
    const madeAt = Date.parse('2026-11-25T10:00:00Z') / 1000;
    expect(calls).toEqual([
      ['track', 'sign_in_code_requested', { time: madeAt, $insert_id: expect.any(String) }],
      ['reset'],
    ]);
    analytics.track('subscription_viewed', { flow: 'account' });
    expect(calls.at(-1)).toEqual([
      'track',
      'subscription_viewed',
      { flow: 'account', $insert_id: expect.any(String) },
    ]);
  });

  it('keeps at most 100 calls while analytics have not started', () => {
    const { analytics, calls, sink } = setup;
    for (let i = 0; i < 150; i++) analytics.track('photo_added', { i });
    analytics.connectAnalytics(sink);
    expect(calls).toHaveLength(100);
    expect(calls.at(-1)).toEqual([
      'track',
      'photo_added',
      { i: 99, time: expect.any(Number), $insert_id: expect.any(String) },
    ]);
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
    expect(calls).toEqual([
      ['track', 'moment_created', { journal_id: 'j1', $insert_id: expect.any(String) }],
    ]);
  });

  it('keeps the calls of a page left before analytics ran, for the next page to send first', async () => {
    const { analytics: leftPage } = setup;
    leftPage.track('subscription_checkout_started', { flow: 'account', period: 'monthly' });
    // The person leaves for Checkout before the tracker connected.
    window.dispatchEvent(new Event('pagehide'));

    const { analytics: nextPage, calls, sink } = await fresh();
    nextPage.track('subscription_checkout_succeeded', { flow: 'account' });
    nextPage.connectAnalytics(sink);
    expect(calls.map((call) => call[1])).toEqual([
      'subscription_checkout_started',
      'subscription_checkout_succeeded',
    ]);
    expect(calls[0]?.[2]).toMatchObject({ flow: 'account', period: 'monthly' });
    // Sent once: a later page finds nothing kept.
    const { analytics: later, calls: laterCalls, sink: laterSink } = await fresh();
    later.connectAnalytics(laterSink);
    expect(laterCalls).toEqual([]);
  });

  it('sends events of its last 10 s again from the next page, with their ids (the library may not have)', async () => {
    const { analytics: leftPage, calls: sent, sink } = setup;
    leftPage.connectAnalytics(sink);
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
    leftPage.track('subscription_viewed', { flow: 'account' });
    vi.advanceTimersByTime(11_000);
    leftPage.track('subscription_checkout_started', { flow: 'account', period: 'yearly' });
    window.dispatchEvent(new Event('pagehide'));
    vi.useRealTimers();

    const { analytics: nextPage, calls, sink: nextSink } = await fresh();
    // Handed over by this page's tracker, so perhaps not delivered either if it is left at once.
    nextPage.track('subscription_checkout_cancelled', { flow: 'account' });
    nextPage.connectAnalytics(nextSink);
    // Only the recent one, with the id and the time it had: the provider keeps it once.
    expect(calls).toEqual([
      [
        'track',
        'subscription_checkout_started',
        {
          flow: 'account',
          period: 'yearly',
          $insert_id: (sent[1]?.[2] as { $insert_id: string }).$insert_id,
          time: Date.parse('2026-11-25T10:00:11Z') / 1000,
        },
      ],
      [
        'track',
        'subscription_checkout_cancelled',
        { flow: 'account', $insert_id: expect.any(String), time: expect.any(Number) },
      ],
    ]);
    window.dispatchEvent(new Event('pagehide'));
    const { analytics: third, calls: thirdCalls, sink: thirdSink } = await fresh();
    third.connectAnalytics(thirdSink);
    expect(thirdCalls.map((call) => call[1])).toEqual([
      'subscription_checkout_started',
      'subscription_checkout_cancelled',
    ]);
  });
});
