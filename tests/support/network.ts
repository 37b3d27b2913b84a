// What a page downloads, from Chromium's own network events (CDP): bytes on the wire per
// request, script bodies, and the documents Firestore's listeners receive.
import { EventEmitter } from 'node:events';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, CDPSession, Page, Route } from 'playwright-core';
import { expect } from 'vitest';

interface Seen {
  url: string;
  type: string;
  /** Bytes received for it (Network.loadingFinished's encodedDataLength); 0 until finished. */
  encodedBytes: number;
  finished: boolean;
  /** Body text of a Firestore Listen channel response, as it streams in. */
  listenBody: string;
}

/** A pending answer to a command sent to a worker (or other child target). */
interface Reply {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

/** Firestore's WebChannel: each response carries watch messages as JSON. */
const LISTEN_CHANNEL = '/google.firestore.v1.Firestore/Listen/channel';
/** The document name of each change in a Listen answer. */
const DOCUMENT_CHANGE_NAME =
  /"documentChange"\s*:\s*\{\s*"document"\s*:\s*\{\s*"name"\s*:\s*"([^"]+)"/g;

export interface Recording {
  requests: () => Seen[];
  /** Documents delivered to the page's listeners: each is one billed read. */
  firestoreDocuments: () => number;
  /** How many times each document (path below /documents/) reached the page's listeners. */
  firestoreReads: () => Map<string, number>;
  /** Each script's URL, raw size and gzip -9 size. */
  scripts: () => Promise<{ url: string; raw: number; gzip: number }[]>;
  /** Resolves once 1.5 s have passed in which no recorded request finished (the page is quiet). */
  quiet: () => Promise<void>;
  stop: () => Promise<void>;
}

/** One target's Network domain: the page's own, or a dedicated worker's. */
type Target = Pick<CDPSession, 'send' | 'on'>;

/** `unread`: a Listen answer whose request began before the target was recorded (no body). */
type Entry = Seen & { requestId: string; target: Target; unread?: boolean };

/**
 * Starts recording a page's network traffic, with an empty cache (a first visit): the page's
 * requests and those of its dedicated workers (Firestore's client may run in one).
 */
export async function recordNetwork(page: Page): Promise<Recording> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  /** By target and requestId; each entry keeps its target, the only one that can give its body. */
  const seen = new Map<string, Entry>();

  const watch = (target: Target, key: string) => {
    /** Requests the target told this session of: Chromium keeps a body for those alone. */
    const announced = new Set<string>();
    target.on('Network.requestWillBeSent', ({ requestId }) => announced.add(requestId));
    target.on('Network.responseReceived', (event) => {
      const requestId = event.requestId;
      const entry: Entry = {
        url: event.response.url,
        type: event.type ?? 'Other',
        encodedBytes: 0,
        finished: false,
        listenBody: '',
        requestId,
        target,
      };
      seen.set(key + requestId, entry);
      if (!event.response.url.includes(LISTEN_CHANNEL)) return;
      if (!announced.has(requestId)) {
        entry.unread = true;
        return;
      }
      // Streamed so that a long-lived answer's documents count before it ends.
      target
        .send('Network.streamResourceContent', { requestId })
        .then(({ bufferedData }) => {
          entry.listenBody += Buffer.from(bufferedData, 'base64').toString('utf8');
        })
        .catch(() => undefined); // already finished: its body is read at loadingFinished
    });
    target.on('Network.dataReceived', (event) => {
      const entry = seen.get(key + event.requestId);
      if (entry && event.data)
        entry.listenBody += Buffer.from(event.data, 'base64').toString('utf8');
    });
    target.on('Network.loadingFinished', (event) => {
      const entry = seen.get(key + event.requestId);
      if (!entry) return;
      entry.encodedBytes = event.encodedDataLength;
      entry.finished = true;
      if (entry.url.includes(LISTEN_CHANNEL) && !entry.unread && entry.listenBody === '') {
        target
          .send('Network.getResponseBody', { requestId: event.requestId })
          .then(({ body, base64Encoded }) => {
            entry.listenBody = base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
          })
          .catch(() => undefined);
      }
    });
  };

  // A worker's requests reach only the worker's own target, never the page's. Playwright's
  // CDPSession cannot address a flat child session, so targets are attached non-flat: their
  // messages go through the page's session (Target.sendMessageToTarget / receivedMessageFromTarget).
  const targets = new Map<string, { events: EventEmitter; replies: Map<number, Reply> }>();
  let lastId = 0;
  const childTarget = (sessionId: string): Target => {
    const events = new EventEmitter();
    const replies = new Map<number, Reply>();
    targets.set(sessionId, { events, replies });
    const send = (method: string, params?: object) =>
      new Promise((resolve, reject) => {
        const id = ++lastId;
        replies.set(id, { resolve, reject });
        const message = JSON.stringify({ id, method, params });
        cdp.send('Target.sendMessageToTarget', { sessionId, message }).catch(reject);
      });
    const on = (event: string, listener: (params: unknown) => void) => events.on(event, listener);
    return { send, on } as unknown as Target;
  };
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const child = targets.get(sessionId);
    const { id, method, params, result, error } = JSON.parse(message);
    if (id === undefined) return child?.events.emit(method, params);
    const reply = child?.replies.get(id);
    child?.replies.delete(id);
    if (error) reply?.reject(new Error(error.message));
    else reply?.resolve(result);
  });
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    const target = childTarget(sessionId);
    if (targetInfo.type === 'worker') {
      watch(target, `${sessionId}/`);
      // Best effort: Playwright's own session lets a new worker run at once (the first
      // runIfWaitingForDebugger wins), so requests of its first milliseconds may come too early.
      void target.send('Network.enable').catch(() => undefined);
      void target.send('Network.setCacheDisabled', { cacheDisabled: true }).catch(() => undefined);
    }
    // A target waiting for a debugger would otherwise wait for this session too.
    void target.send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
  });
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => {
    for (const reply of targets.get(sessionId)?.replies.values() ?? []) {
      reply.reject(new Error('Target gone'));
    }
    targets.delete(sessionId);
  });

  watch(cdp, '');
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Workers that exist already are attached too.
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: true,
    flatten: false,
  });

  /** Listen answers, after making sure none was missed (else the counts would be too low). */
  const listenBodies = () => {
    const entries = [...seen.values()].filter((entry) => entry.url.includes(LISTEN_CHANNEL));
    if (entries.some((entry) => entry.unread)) {
      throw new Error('A Listen request began before recording reached its worker: body unknown.');
    }
    return entries.map((entry) => entry.listenBody);
  };

  return {
    requests: () => [...seen.values()],
    firestoreDocuments: () =>
      listenBodies().reduce((sum, body) => sum + (body.match(/"documentChange"/g)?.length ?? 0), 0),
    firestoreReads: () => {
      const reads = new Map<string, number>();
      for (const body of listenBodies()) {
        for (const [, name] of body.matchAll(DOCUMENT_CHANGE_NAME)) {
          const path = (name ?? '').replace(/^.*?\/documents\//, '');
          reads.set(path, (reads.get(path) ?? 0) + 1);
        }
      }
      return reads;
    },
    scripts: async () => {
      // The page's own: a worker's first scripts load before recording reaches it, so which of
      // them would count here would vary from run to run.
      const scripts = [...seen.values()].filter(
        (entry) => entry.type === 'Script' && entry.target === cdp,
      );
      return Promise.all(
        scripts.map(async ({ url, requestId, target }) => {
          const { body, base64Encoded } = await target.send('Network.getResponseBody', {
            requestId,
          });
          const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
          return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
        }),
      );
    },
    quiet: async () => {
      for (let last = -1; ;) {
        const finished = [...seen.values()].filter((entry) => entry.finished).length;
        if (finished === last) return;
        last = finished;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
    },
    stop: () => cdp.detach(),
  };
}

/** How many documents of each collection (the path's last but one part) were read. */
function readsByCollection(reads: Map<string, number>): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const path of reads.keys()) {
    const kind = path.split('/').slice(-2, -1)[0] ?? path;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}

/**
 * A moment's listeners read, each once: the journal, its photo index (one document for all
 * photos) and `entries` entries, never a photo record; the person's state on the moment once
 * or twice (the visit's own mark updates it, before or after the first answer).
 */
export function expectMomentReads(reads: Map<string, number>, entries: number): void {
  expect(readsByCollection(reads)).toEqual({
    comments: entries,
    journals: 1,
    memberStates: 1,
    photoIndex: 1,
  });
  for (const [path, times] of reads) {
    expect(times, path).toBeLessThanOrEqual(path.startsWith('memberStates/') ? 2 : 1);
  }
}

/** Requests of Firestore's client (its Listen and Write channels), whatever the host. */
const isFirestoreRequest = (url: URL) => url.pathname.includes('/google.firestore.v1.Firestore/');

export interface HeldFirestore {
  /** Firestore requests the page has made so far (held ones included). */
  asked: () => number;
  /** Firestore requests that went through to the emulator. */
  reached: () => number;
  /** Lets the held requests, and every later one, through. */
  release: () => Promise<void>;
}

/**
 * Holds every request of the context's pages to Firestore until `release()`: what a page shows
 * meanwhile came without Firestore's answers.
 */
export async function holdFirestore(context: BrowserContext): Promise<HeldFirestore> {
  let held = true;
  let asked = 0;
  let reached = 0;
  const waiting: Route[] = [];
  await context.route(isFirestoreRequest, async (route) => {
    asked += 1;
    if (held) {
      waiting.push(route);
      return;
    }
    reached += 1;
    await route.continue();
  });
  return {
    asked: () => asked,
    reached: () => reached,
    release: async () => {
      held = false;
      reached += waiting.length;
      // A held request whose page went away meanwhile cannot continue: nothing to let through.
      await Promise.all(waiting.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}

/**
 * Waits until the page's listener has had the server's answer to a query (named as the app's
 * synced list names it, without the reader's uid: `journals`, `journals/<id>/comments`, ...).
 */
export async function listenerAnswered(page: Page, query: string): Promise<void> {
  await page.waitForFunction(
    (name) =>
      (JSON.parse(localStorage.getItem('moments.syncedQueries') ?? '[]') as string[]).some((key) =>
        key.startsWith(`${name}:`),
      ),
    query,
    { timeout: 30_000 },
  );
}

/** Refuses the context's Firestore requests until the returned function is called. */
export async function refuseFirestore(context: BrowserContext): Promise<() => Promise<void>> {
  const refuse = (route: Route) => route.abort();
  await context.route(isFirestoreRequest, refuse);
  return () => context.unroute(isFirestoreRequest, refuse);
}
