// The analytics collector stand-in that scripts/firebase.mjs starts with the emulators (its
// address reaches the tests as ANALYTICS_API_HOST), and a per-test project token: each test's
// page gets the real GET /api/config/analytics answer with its own token (and any override),
// so its traffic and its faults are its own.
import { randomUUID } from 'node:crypto';
import type { Page, Route } from 'playwright-core';
import type { ReceivedRequest } from '../../scripts/analytics-stand-in.mjs';
import { requireEnv } from './emulators';

export type { ReceivedRequest };

const standIn = () => requireEnv('ANALYTICS_API_HOST');

export async function received(token: string): Promise<ReceivedRequest[]> {
  const res = await fetch(`${standIn()}/__stand-in/received?token=${encodeURIComponent(token)}`);
  return (await res.json()) as ReceivedRequest[];
}

/** Everything the stand-in has received so far, from any test. */
export async function receivedCount(): Promise<number> {
  const res = await fetch(`${standIn()}/__stand-in/received`);
  return ((await res.json()) as unknown[]).length;
}

export interface Fault {
  endpoint?: ReceivedRequest['endpoint'];
  status?: number;
  retryAfter?: number;
  drop?: boolean;
  /** Only requests with more items than this. */
  maxEvents?: number;
  /** How many requests it applies to (default: until cleared). */
  times?: number;
}

export async function addFault(token: string, fault: Fault): Promise<void> {
  await fetch(`${standIn()}/__stand-in/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, ...fault }),
  });
}

export async function clearFaults(token: string): Promise<void> {
  await fetch(`${standIn()}/__stand-in/faults?token=${encodeURIComponent(token)}`, {
    method: 'DELETE',
  });
}

/**
 * Gives the page its own analytics token (and the overrides), pointing at the stand-in as the
 * function does (tests/api/analytics.test.ts checks the function's own answer). Answered here
 * rather than by the function, whose answer on a loaded machine can miss the app's 3 s limit.
 * Answers the token.
 */
export async function withOwnToken(
  page: Page,
  overrides: { recordSessionsPercent?: number; webVitalsPercent?: number } = {},
): Promise<string> {
  const token = `test-${randomUUID()}`;
  // Through the context: once the service worker controls the page, it makes the /api calls.
  await page.context().route('**/api/config/analytics', (route: Route) =>
    route.fulfill({
      json: { token, apiHost: standIn(), recordSessionsPercent: 0, ...overrides },
      headers: { 'Cache-Control': 'no-store' },
    }),
  );
  return token;
}

/** The console line the app logs once it has decided that analytics stay off in this page. */
export function analyticsOffLogged(page: Page): Promise<unknown> {
  return page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith('Analytics are off'),
    timeout: 60_000,
  });
}

/** Every request the page makes to the collector, as it starts. */
export function collectorRequests(page: Page): string[] {
  const urls: string[] = [];
  page.context().on('request', (request) => {
    if (request.url().startsWith(standIn())) urls.push(request.url());
  });
  return urls;
}

/**
 * Waits until the library's local queues of events and profile updates (kept in local storage
 * until the collector accepts them) are empty: everything tracked so far has been delivered.
 */
export async function waitForQueuesEmpty(page: Page, token: string, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const pending = await page.evaluate(
      (prefix) =>
        ['_ev', '_pp', '_gr'].reduce((sum, suffix) => {
          const queue = JSON.parse(localStorage.getItem(prefix + suffix) ?? '[]') as unknown[];
          return sum + queue.length;
        }, 0),
      `__mpq_${token}`,
    );
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending} analytics items were never delivered`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The events of track/ requests, in the order they arrived (successful or not). */
export function events(requests: ReceivedRequest[]) {
  return requests
    .filter((r) => r.endpoint === 'track')
    .flatMap((r) => r.items as { event: string; properties: Record<string, unknown> }[]);
}

/** Waits until `check` holds for what the token's page has sent. */
export async function waitForReceived(
  token: string,
  check: (requests: ReceivedRequest[]) => boolean,
  timeout = 60_000,
): Promise<ReceivedRequest[]> {
  let last: ReceivedRequest[] = [];
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    last = await received(token);
    if (check(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const seen = last.map(
    (r) =>
      `${r.endpoint}:${r.answered}:${events([r])
        .map((e) => e.event)
        .join(',')}`,
  );
  throw new Error(`The stand-in did not receive what was expected; it has: ${seen.join(' | ')}`);
}
