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

  it("stores the worker's list changes in the page and sends the lists with the next listen", async () => {
    const { listenInWorker } = await import('./live-worker-client');
    const { isSynced } = await import('./synced-queries');
    listenInWorker({ name: 'journal', args: ['m1'], lists: ['moments.refusedMoments'] }, vi.fn(), vi.fn());
    const [worker] = FakeWorker.started;
    expect(worker!.sent[0]).toMatchObject({
      lists: { 'moments.syncedQueries': [], 'moments.refusedMoments': [] },
    });

    const item = 'journals/m1/comments:u1';
    worker!.answer({
      type: 'list',
      change: { key: 'moments.syncedQueries', item, present: true, max: 500 },
    });
    expect(isSynced(['journals/m1/comments'])).toBe(true);
    listenInWorker({ name: 'comments', args: ['m1'] }, vi.fn(), vi.fn());
    expect(worker!.sent[1]).toMatchObject({ lists: { 'moments.syncedQueries': [item] } });
  });

  it("sends the page's list changes to the running worker, and none before it starts", async () => {
    const { listenInWorker } = await import('./live-worker-client');
    const { changeStoredList, readStoredList } = await import('./stored-list');
    const refused = (item: string) =>
      ({ key: 'moments.refusedMoments', item, present: true, max: 200 }) as const;
    changeStoredList(refused('m1'));
    expect(FakeWorker.started).toHaveLength(0);

    listenInWorker({ name: 'journal', args: ['m2'], lists: ['moments.refusedMoments'] }, vi.fn(), vi.fn());
    const [worker] = FakeWorker.started;
    expect(worker!.sent[0]).toMatchObject({ lists: { 'moments.refusedMoments': ['m1'] } });
    changeStoredList(refused('m2'));
    expect(readStoredList('moments.refusedMoments')).toEqual(['m1', 'm2']);
    expect(worker!.sent[1]).toEqual({ type: 'list', change: refused('m2') });
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
  it("keeps its own change when a listen brings the page's older list, and sends changes back", async () => {
    const { changeCopy, changeStoredList, keepListsForPage, readStoredList, takeLists } =
      await import('./stored-list');
    const sent: unknown[] = [];
    keepListsForPage((change) => sent.push(change));
    takeLists({ a: ['1'], b: ['2'] });

    const three = { key: 'a', item: '3', present: true, max: 10 };
    changeStoredList(three);
    expect(sent).toEqual([three]);
    // A listen the page sent before that change reached it.
    takeLists({ a: ['1'], c: ['4'] });
    expect(readStoredList('a')).toEqual(['1', '3']);
    expect(readStoredList('c')).toEqual(['4']);

    // The page's own change.
    changeCopy({ key: 'b', item: '2', present: false, max: 10 });
    expect(readStoredList('b')).toEqual([]);
    changeStoredList({ key: 'a', clear: true });
    expect(readStoredList('a')).toEqual([]);
    // A list no listen has sent yet (logout before any listen): the page's is changed.
    changeStoredList({ key: 'd', clear: true });
    expect(sent).toEqual([three, { key: 'a', clear: true }, { key: 'd', clear: true }]);
    // The copy, not the worker's (absent) localStorage, is what counts.
    expect(localStorage.getItem('a')).toBeNull();
  });

  it('puts an item last, keeps the newest, and takes one out', async () => {
    const { changedList } = await import('./stored-list');
    expect(changedList(['a', 'b', 'c'], { key: 'k', item: 'a', present: true, max: 3 })).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(changedList(['a', 'b', 'c'], { key: 'k', item: 'd', present: true, max: 3 })).toEqual([
      'b',
      'c',
      'd',
    ]);
    expect(changedList(['a', 'b'], { key: 'k', item: 'a', present: false, max: 3 })).toEqual(['b']);
  });
});
