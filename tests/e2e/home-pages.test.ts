// /home for a person in hundreds of moments (docs/data-model.md, "The home list in pages"): the
// pinned and newest moments first, in a bounded number of Firestore reads, more on scroll, with
// the tabs, pins and badges exact.
import type { Journal } from '@moments/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInContext, useBrowser } from '../support/browser';
import { manyMoments, markMoment, type ManyMoment } from '../support/many-moments';
import { tokenSignedIn, type SignedIn } from '../support/moments';
import {
  listenerAnswered,
  recordNetwork,
  refuseFirestore,
  type Recording,
} from '../support/network';

const { newContext } = useBrowser();

const MOMENTS = 300;
let person: SignedIn;
let friend: SignedIn;
let moments: ManyMoment[];

beforeAll(async () => {
  [person, friend] = await Promise.all([
    tokenSignedIn({ firstName: 'Hana' }),
    tokenSignedIn({ firstName: 'Fred' }),
  ]);
  // Moment i + 1 is i seconds older than "Moment 1"; every third (1, 4, 7, ...) is shared.
  moments = await manyMoments(person.user, { count: MOMENTS, sharedEvery: 3, with: friend.user });
  // Pinned long ago, far down the list; two new entries on "Moment 45" (the second page).
  await markMoment(moments[200]!.id, person.user, { isPinned: true });
  await markMoment(moments[44]!.id, person.user, { newCommentsCount: 2 });
  // The function's first call starts it: here, not in the sign-in the test times.
  expect((await person.client.get('/api/user')).status).toBe(200);
}, 120_000);

/** Waits until the page's requests have stopped for `quietMs`. */
async function settle(recording: Recording, quietMs = 1500) {
  for (let last = -1; ;) {
    const finished = recording.requests().filter((r) => r.finished).length;
    if (finished === last) return;
    last = finished;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

const titles = (page: Page) =>
  page.getByTestId('moment-card').getByRole('heading', { level: 2 }).allTextContents();

const card = (page: Page, title: string) =>
  page.getByTestId('moment-card').filter({
    has: page.getByRole('heading', { level: 2, name: title, exact: true }),
  });

/** Scrolls to the end of the list until `done` holds. */
async function scrollUntil(page: Page, done: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return done();
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
}

/** Listener reads by kind: each document path and how often it reached the page. */
function readsOf(recording: Recording) {
  const reads = [...recording.firestoreReads()];
  return {
    journals: reads.filter(([path]) => path.startsWith('journals/')),
    states: reads.filter(([path]) => path.startsWith('memberStates/')),
    all: reads,
  };
}

const apiListCalls = (recording: Recording) =>
  recording
    .requests()
    .map((r) => new URL(r.url))
    .filter((url) => url.pathname === '/api/journals')
    .map((url) => url.search);

const title = (i: number) => `Moment ${i + 1}`;
const isShared = (i: number) => i % 3 === 0;

describe('/home in pages', () => {
  it('opens with the pinned and newest moments in under 100 reads, loads more on scroll, tabs, pins and badges exact', async () => {
    const context = await newContext({ serviceWorkers: 'block' });
    // Signing in lands on /home: Firestore refused there keeps the next visit this device's
    // first (its cache does not hold the list), the costly case.
    const allowFirestore = await refuseFirestore(context);
    await signInContext(context, person.user.phoneNumber);
    await allowFirestore();

    const page = await context.newPage();
    const recording = await recordNetwork(page);
    await page.goto('/home');
    await listenerAnswered(page, 'journals/newest');
    await listenerAnswered(page, 'memberStates/pinned');
    await listenerAnswered(page, 'memberStates/new');
    await settle(recording);

    // The first answer: the pinned moment and the newest 30, no more (asked again here: the
    // page's own copy is the same call's).
    const answered = (await person.client.get<Journal[]>('/api/journals')).body;
    expect(answered).toHaveLength(31);
    // The API read those 31 moments and the 2 marked states; the listeners read the same once
    // each, and nothing of the other 269 moments.
    const open = readsOf(recording);
    expect(open.journals).toHaveLength(31);
    expect(open.states).toHaveLength(2);
    expect(open.all.every(([, times]) => times === 1)).toBe(true);
    const readsPerOpen = answered.length + 2 + open.all.length;
    const answerBytes = recording
      .requests()
      .find((r) => r.url.endsWith('/api/journals'))?.encodedBytes;
    console.log(
      `PERF home, ${MOMENTS} moments, cold open: ${answered.length + 2} reads by GET /api/journals ` +
        `(${answerBytes} B on the wire) + ${open.all.length} by the listeners = ${readsPerOpen}`,
    );
    expect(readsPerOpen).toBeLessThanOrEqual(100);
    expect(apiListCalls(recording)).toEqual(['']);

    // Private first: the pinned moment on top, then the newest private ones of the first page.
    const privateOfFirstPage = moments
      .map((_, i) => i)
      .filter((i) => i < 30 && !isShared(i))
      .map(title);
    await expect.poll(() => titles(page)).toEqual([title(200), ...privateOfFirstPage]);

    // Scrolling to the end asks for the next page, after the first page's last moment (and,
    // while the end stays in reach, the one after: each page after the last of the one before).
    await scrollUntil(page, async () => (await card(page, title(44)).count()) === 1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await listenerAnswered(page, `journals/after/${moments[29]!.id}`);
    await settle(recording);
    const pagesLoaded = apiListCalls(recording).length;
    expect(apiListCalls(recording)).toEqual(
      Array.from({ length: pagesLoaded }, (_, k) =>
        k === 0 ? '' : `?after=${moments[30 * k - 1]!.id}`,
      ),
    );
    // The moments of the pages asked for so far (a tab with few cards asks for more).
    const loaded = (keep: (i: number) => boolean) =>
      moments
        .map((_, i) => i)
        .filter((i) => i < 30 * apiListCalls(recording).length && keep(i))
        .map(title);
    // Cards render in batches as the end nears: those rendered are the list's start, exactly.
    const privateList = [title(200), ...loaded((i) => !isShared(i))];
    const rendered = await titles(page);
    expect(rendered).toEqual(privateList.slice(0, rendered.length));
    expect(rendered.length).toBeGreaterThanOrEqual(1 + 40);
    // The badge of a moment of the second page is exact; none elsewhere.
    await expect
      .poll(() => card(page, title(44)).getByTestId('new-comments-badge').textContent())
      .toBe('2');
    expect(await page.getByTestId('new-comments-badge').count()).toBe(1);
    // Each later page: its 30 moments, each read once by its listener; nothing read again.
    const later = readsOf(recording);
    expect(later.journals).toHaveLength(31 + 30 * (pagesLoaded - 1));
    expect(later.states).toHaveLength(2);
    // Each once, but the pinned moment (its own listener's and, once its page has loaded, that
    // page's) and a later page's cursor moment when the cache could not give it (one get).
    const readTwice = later.all
      .filter(([, times]) => times > 1)
      .map(([path]) => moments.findIndex((m) => path === `journals/${m.id}`));
    console.log(`PERF home, ${pagesLoaded} pages: moments read twice: ${readTwice.join(', ')}`);
    expect(readTwice.every((i) => i === 200 || (i % 30 === 29 && i < 30 * pagesLoaded))).toBe(true);
    expect(Math.max(...later.all.map(([, times]) => times))).toBeLessThanOrEqual(2);

    // Pinning a moment of the second page moves it to the top, above the older pinned one.
    await card(page, title(46)).getByRole('button', { name: 'Moment options' }).click();
    await page.getByRole('menuitem', { name: 'Pin to Top' }).click();
    await expect
      .poll(() => titles(page).then((list) => list.slice(0, 3)))
      .toEqual([title(46), title(200), title(1)]);

    // Shared: only the shared moments of the pages loaded, newest first.
    await page.getByRole('tab', { name: 'Shared' }).click();
    const sharedList = loaded(isShared);
    await expect.poll(async () => (await titles(page))[0]).toBe(title(0));
    const sharedRendered = await titles(page);
    expect(sharedRendered).toEqual(sharedList.slice(0, sharedRendered.length));

    // A new entry in a shared moment far below what is loaded: nothing loaded moves or changes
    // (the list is in the order moments were made); its card shows the badge once reached.
    const far = 150;
    expect(isShared(far)).toBe(true);
    const posted = await friend.client.post(`/api/journals/${moments[far]!.id}/comments`, {
      text: 'Still here',
    });
    expect(posted.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await titles(page)).slice(0, sharedRendered.length)).toEqual(sharedRendered);
    expect(await page.getByTestId('new-comments-badge').count()).toBe(0);
    await scrollUntil(page, async () => (await card(page, title(far)).count()) === 1);
    await expect
      .poll(() => card(page, title(far)).getByTestId('new-comments-badge').textContent())
      .toBe('1');
    expect(await page.getByTestId('new-comments-badge').count()).toBe(1);
    // Pages load one after another, each after the last moment of the one before.
    const calls = apiListCalls(recording);
    expect(calls).toEqual(
      Array.from({ length: calls.length }, (_, k) =>
        k === 0 ? '' : `?after=${moments[30 * k - 1]!.id}`,
      ),
    );
    expect(calls.length).toBeGreaterThanOrEqual(6);
    // Back on Private, the moment pinned from page 2 is still on top.
    await page.getByRole('tab', { name: 'Private' }).click();
    await expect.poll(() => titles(page).then((list) => list[0])).toBe(title(46));
  });
});
