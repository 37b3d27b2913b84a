// What a page downloads, from Chromium's own network events (CDP): bytes on the wire per
// request, script bodies, and the documents Firestore's listeners receive.
import { gzipSync } from 'node:zlib';
import type { BrowserContext, CDPSession, Page, Route } from 'playwright-core';

interface Seen {
  url: string;
  type: string;
  /** Bytes received for it (Network.loadingFinished's encodedDataLength); 0 until finished. */
  encodedBytes: number;
  finished: boolean;
  /** Body text of a Firestore Listen channel response, as it streams in. */
  listenBody: string;
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
  stop: () => Promise<void>;
}

/** Starts recording a page's network traffic, with an empty cache (a first visit). */
export async function recordNetwork(page: Page): Promise<Recording> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const seen = new Map<string, Seen>();
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  cdp.on('Network.responseReceived', (event) => {
    seen.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? 'Other',
      encodedBytes: 0,
      finished: false,
      listenBody: '',
    });
    if (event.response.url.includes(LISTEN_CHANNEL)) {
      // Streamed so that a long-lived answer's documents count before it ends.
      cdp
        .send('Network.streamResourceContent', { requestId: event.requestId })
        .then(({ bufferedData }) => {
          const entry = seen.get(event.requestId);
          if (entry) entry.listenBody += Buffer.from(bufferedData, 'base64').toString('utf8');
        })
        .catch(() => undefined); // already finished: its body is read at loadingFinished
    }
  });
  cdp.on('Network.dataReceived', (event) => {
    const entry = seen.get(event.requestId);
    if (entry && event.data) entry.listenBody += Buffer.from(event.data, 'base64').toString('utf8');
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = seen.get(event.requestId);
    if (!entry) return;
    entry.encodedBytes = event.encodedDataLength;
    entry.finished = true;
    if (entry.url.includes(LISTEN_CHANNEL) && entry.listenBody === '') {
      cdp
        .send('Network.getResponseBody', { requestId: event.requestId })
        .then(({ body, base64Encoded }) => {
          entry.listenBody = base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
        })
        .catch(() => undefined);
    }
  });

  return {
    requests: () => [...seen.values()],
    firestoreDocuments: () =>
      [...seen.values()].reduce(
        (sum, entry) => sum + (entry.listenBody.match(/"documentChange"/g)?.length ?? 0),
        0,
      ),
    firestoreReads: () => {
      const reads = new Map<string, number>();
      for (const entry of seen.values()) {
        for (const [, name] of entry.listenBody.matchAll(DOCUMENT_CHANGE_NAME)) {
          const path = (name ?? '').replace(/^.*?\/documents\//, '');
          reads.set(path, (reads.get(path) ?? 0) + 1);
        }
      }
      return reads;
    },
    scripts: async () => {
      const scripts = [...seen.entries()].filter(([, entry]) => entry.type === 'Script');
      return Promise.all(
        scripts.map(async ([requestId, entry]) => {
          const { body, base64Encoded } = await cdp.send('Network.getResponseBody', {
            requestId,
          });
          const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
          return { url: entry.url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
        }),
      );
    },
    stop: () => cdp.detach(),
  };
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
