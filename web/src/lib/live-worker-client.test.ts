import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FromWorker, ToWorker } from './live-worker-client';
import { stubLocalStorage } from '../testing/storage';

/** A Worker that records what the page sends and lets the test answer as the worker. */
class FakeWorker extends EventTarget {
  static started: FakeWorker[] = [];
  sent: ToWorker[] = [];
  terminated = false;
  constructor() {
    super();
    FakeWorker.started.push(this);
  }
  postMessage(message: ToWorker) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(message: FromWorker) {
    this.dispatchEvent(new MessageEvent('message', { data: message }));
  }
  crash() {
    this.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message: '' }));
  }
}

beforeEach(() => {
  vi.resetModules();
  stubLocalStorage();
  FakeWorker.started = [];
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('warmLiveData', () => {
  it("starts the worker before the first listen, which then goes to that same worker", async () => {
    const { listenInWorker, warmLiveData } = await import('./live-worker-client');
    warmLiveData();
    expect(FakeWorker.started).toHaveLength(1);
    expect(FakeWorker.started[0]!.sent).toEqual([{ type: 'warm' }]);

    listenInWorker({ name: 'journals', args: [] }, vi.fn(), vi.fn());
    expect(FakeWorker.started).toHaveLength(1);
    expect(FakeWorker.started[0]!.sent[1]).toMatchObject({ type: 'listen' });
  });
});

describe('listenInWorker', () => {
  it('starts one worker, passes its results on, and stops a listener once', async () => {
    const { listenInWorker } = await import('./live-worker-client');
    const first = vi.fn();
    const second = vi.fn();
    const stop = listenInWorker({ name: 'journals', args: [] }, first, vi.fn());
    listenInWorker({ name: 'journal', args: ['m1'] }, second, vi.fn());

    expect(FakeWorker.started).toHaveLength(1);
    const [worker] = FakeWorker.started;
    const [one, two] = worker!.sent;
    expect(two).toMatchObject({ type: 'listen', source: { name: 'journal', args: ['m1'] } });
    worker!.answer({ type: 'next', id: (two as { id: number }).id, data: { title: 'Beach' } });
    expect(second).toHaveBeenCalledWith({ title: 'Beach' });
    expect(first).not.toHaveBeenCalled();

    stop();
    stop();
    expect(worker!.sent.slice(2)).toEqual([{ type: 'stop', id: (one as { id: number }).id }]);
    worker!.answer({ type: 'next', id: (one as { id: number }).id, data: [] });
    expect(first).not.toHaveBeenCalled();
  });

  it("stores the worker's lists in the page and sends them with the next listen", async () => {
    const { listenInWorker } = await import('./live-worker-client');
    const { isSynced } = await import('./synced-queries');
    listenInWorker({ name: 'journal', args: ['m1'], lists: ['moments.refusedMoments'] }, vi.fn(), vi.fn());
    const [worker] = FakeWorker.started;
    expect(worker!.sent[0]).toMatchObject({
      lists: { 'moments.syncedQueries': [], 'moments.refusedMoments': [] },
    });

    worker!.answer({ type: 'list', key: 'moments.syncedQueries', list: ['journals/m1/comments:u1'] });
    expect(isSynced(['journals/m1/comments'])).toBe(true);
    listenInWorker({ name: 'comments', args: ['m1'] }, vi.fn(), vi.fn());
    expect(worker!.sent[1]).toMatchObject({
      lists: { 'moments.syncedQueries': ['journals/m1/comments:u1'] },
    });
  });

  it('fails the listener the worker reports, and every listener when the worker dies', async () => {
    const { listenInWorker } = await import('./live-worker-client');
    const failed = [vi.fn(), vi.fn(), vi.fn()];
    for (const fail of failed) listenInWorker({ name: 'journals', args: [] }, vi.fn(), fail);
    const [worker] = FakeWorker.started;
    const error = { name: 'FirebaseError', message: 'Missing permissions', code: 'permission-denied' };
    worker!.answer({ type: 'fail', id: (worker!.sent[0] as { id: number }).id, error });
    expect(failed[0]).toHaveBeenCalledWith(error);

    worker!.crash();
    expect(failed[1]).toHaveBeenCalledOnce();
    expect(failed[2]).toHaveBeenCalledOnce();
    expect(failed[0]).toHaveBeenCalledOnce();
    // The next listen starts a new worker.
    listenInWorker({ name: 'journals', args: [] }, vi.fn(), vi.fn());
    expect(FakeWorker.started).toHaveLength(2);
  });

  it('at logout, has the worker clear the cache, then ends it and its listeners', async () => {
    const { clearLiveData, listenInWorker } = await import('./live-worker-client');
    const next = vi.fn();
    listenInWorker({ name: 'journals', args: [] }, next, vi.fn());
    const [worker] = FakeWorker.started;
    let done = false;
    const clearing = clearLiveData().then(() => {
      done = true;
    });
    const clear = worker!.sent[1] as { type: string; id: number };
    expect(clear.type).toBe('clear');
    await Promise.resolve();
    expect(done).toBe(false);
    expect(worker!.terminated).toBe(false);

    worker!.answer({ type: 'cleared', id: clear.id });
    await clearing;
    expect(worker!.terminated).toBe(true);
    worker!.answer({ type: 'next', id: (worker!.sent[0] as { id: number }).id, data: [] });
    expect(next).not.toHaveBeenCalled();
  });

  it('reports a failed clear, and still ends the worker', async () => {
    const { clearLiveData } = await import('./live-worker-client');
    const clearing = clearLiveData();
    const [worker] = FakeWorker.started;
    const { id } = worker!.sent[0] as { id: number };
    worker!.answer({ type: 'fail', id, error: { name: 'FirebaseError', message: 'busy' } });
    await expect(clearing).rejects.toThrow('busy');
    expect(worker!.terminated).toBe(true);
  });
});

describe('stored lists in the worker', () => {
  it('reads the copy the page sent, keeps lists a later listen did not send, and sends writes back', async () => {
    const { readStoredList, setListCopy, writeStoredList } = await import('./stored-list');
    const sent: [string, string[]][] = [];
    const send = (key: string, list: string[]) => sent.push([key, list]);
    setListCopy({ a: ['1'], b: ['2'] }, send);
    setListCopy({ a: ['1', '3'] }, send);
    expect(readStoredList('a')).toEqual(['1', '3']);
    expect(readStoredList('b')).toEqual(['2']);

    writeStoredList('b', []);
    expect(readStoredList('b')).toEqual([]);
    expect(sent).toEqual([['b', []]]);
    // The copy, not the worker's (absent) localStorage, is what counts.
    expect(localStorage.getItem('b')).toBeNull();
  });
});
