import { afterEach, describe, expect, it, vi } from 'vitest';
import { markSynced } from '../../../lib/synced-queries';
import { stubLocalStorage } from '../../../testing/storage';
import { fetchAnswer, fetchEarly, journalsAnswer } from './first-answers';

/** The browser's globals the calls use: a network that answers, storage, online. */
function browser() {
  vi.stubGlobal('navigator', { onLine: true });
  stubLocalStorage();
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ call: ++calls }), { status: 200 }))),
  );
  return { calls: () => calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('first answers from the API', () => {
  it("gives the early call's answer to the page's query once, then calls again", async () => {
    const network = browser();
    fetchEarly(journalsAnswer);
    fetchEarly(journalsAnswer);
    await vi.waitFor(() => expect(network.calls()).toBe(1));
    expect(await fetchAnswer(journalsAnswer)).toEqual({ call: 1 });
    expect(await fetchAnswer(journalsAnswer)).toEqual({ call: 2 });
  });

  it('calls nothing early when the cache holds the queries', async () => {
    const network = browser();
    markSynced('journals:u1');
    markSynced('memberStates:u1');
    fetchEarly(journalsAnswer);
    // The page's own call is the first and only one.
    expect(await fetchAnswer(journalsAnswer)).toEqual({ call: 1 });
    expect(network.calls()).toBe(1);
  });
});
