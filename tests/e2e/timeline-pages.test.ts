// A long timeline in pages (issue 45), in Chromium: the moment page reads only the newest page
// of entries, loads earlier ones on "Earlier entries" or as the person scrolls up (the entries
// on screen stay where they were), follows a "#photo N" link from an earlier page, and shows a
// new entry at the bottom while the person is scrolled up, without moving the view; the badge
// stays exact.
import { earlierPageSize, memberStateId } from '@moments/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInContext, useBrowser } from '../support/browser';
import { adminDb, createUser } from '../support/emulators';
import { addContributor, newMoment, signedIn } from '../support/moments';
import {
  listenerAnswered,
  expectMomentReads,
  recordNetwork,
  refuseFirestore,
} from '../support/network';
import { uploadPhoto } from '../support/photos';
import { seedEntries, shownEntryTexts } from '../support/timeline';

/** Three pages: the newest 50, then earlier pages that grow (100, then up to 200): 30 left. */
const ENTRIES = 180;
const PAGE = 50;
const SECOND_PAGE = earlierPageSize(0);
const LIVE_MS = 5000;

const { newContext } = useBrowser();

/** The texts of the entries the page shows, in order. */
/** Where an entry's text is on screen (px from the top of the viewport). */
const topOf = async (page: Page, text: string) =>
  (await page.getByText(text, { exact: true }).boundingBox())?.y ?? Number.NaN;

describe('a long timeline in pages', () => {
  it('reads the newest page only, loads earlier pages in place, and keeps live entries and the badge exact', async () => {
    const maya = await signedIn({ firstName: 'Maya', lastName: 'Chen' });
    const leo = await createUser({ firstName: 'Leo', lastName: 'Park' });
    const moment = await newMoment(maya.client, { title: 'Wedding album' });
    await addContributor(moment.id, leo);
    for (let i = 0; i < 3; i += 1) {
      expect((await uploadPhoto(maya.client, moment.id)).status).toBe(201);
    }
    const seeded = await seedEntries(moment.id, maya.user, ENTRIES, {
      text: (k) => (k === 10 ? 'Entry 10: the rings, #photo 2' : `Entry ${k}`),
      // Pairs share a createdAt (the timeline orders them by id): a page boundary may fall
      // between two entries of one instant.
      ties: 2,
    });
    const texts = seeded.map((entry) => entry.text);
    // Leo has seen all of them.
    const leoState = adminDb.doc(`memberStates/${memberStateId(moment.id, leo.uid)}`);
    await leoState.update({ newCommentsCount: 0, lastViewedAt: new Date() });

    // Signed in with Firestore refused, so the moment's open is this browser's first read.
    const context = await newContext({ serviceWorkers: 'block' });
    const allowFirestore = await refuseFirestore(context);
    await signInContext(context, leo.phoneNumber);
    await allowFirestore();
    const page = await context.newPage();
    const recording = await recordNetwork(page);
    await page.goto(`/journals/${moment.id}`);
    await page.getByText(`Entry ${ENTRIES}`, { exact: true }).waitFor({ timeout: 30_000 });
    for (const query of ['photoIndex', 'comments']) {
      await listenerAnswered(page, `journals/${moment.id}/${query}`);
    }
    await listenerAnswered(page, `memberStates/${moment.id}`);
    await recording.quiet();

    // The first answer is the newest page, from the API; then the listeners read the journal,
    // its photo index (one document for the 3 photos), the newest 50 entries and Leo's state,
    // each once (his state once more if the visit's mark lands after the first answer).
    const commentCalls = recording
      .requests()
      .map((r) => new URL(r.url))
      .filter((url) => url.pathname === `/api/journals/${moment.id}/comments`);
    expect(commentCalls.map((url) => url.search)).toEqual([`?limit=${PAGE}`]);
    const reads = recording.firestoreReads();
    expectMomentReads(reads, PAGE);
    expect(await shownEntryTexts(page)).toEqual(texts.slice(-PAGE));

    // "Earlier entries": the page before (twice as long) comes in above, and the entries on
    // screen stay put.
    const earlier = page.getByRole('button', { name: 'Earlier entries' });
    await earlier.scrollIntoViewIfNeeded();
    const firstShown = texts[ENTRIES - PAGE]!;
    const before = await topOf(page, firstShown);
    await earlier.click();
    await page.getByText(texts[ENTRIES - PAGE - SECOND_PAGE]!, { exact: true }).waitFor();
    expect(Math.abs((await topOf(page, firstShown)) - before)).toBeLessThanOrEqual(1);
    expect(await shownEntryTexts(page)).toEqual(texts.slice(-(PAGE + SECOND_PAGE)));

    // Scrolling up to the button loads the last page, which starts the timeline.
    for (
      let i = 0;
      i < 60 && (await page.getByText('Entry 1', { exact: true }).count()) === 0;
      i++
    ) {
      await page.mouse.wheel(0, -600);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await page.getByText('Entry 1', { exact: true }).waitFor();
    await expect.poll(() => earlier.count()).toBe(0);
    expect(await shownEntryTexts(page)).toEqual(texts);

    // A "#photo 2" link in the oldest page shows that photo.
    await page.getByRole('button', { name: '#photo 2' }).click();
    await page.getByText('2 of 3', { exact: true }).waitFor();
    // The link scrolls smoothly up to the photos; the view is measured below once it is there
    // (a scroll still under way would move it).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const photos = document.getElementById('moment-photos')!;
          const margin = parseFloat(getComputedStyle(photos).scrollMarginTop) || 0;
          return Math.abs(Math.round(photos.getBoundingClientRect().top - margin));
        }),
      )
      .toBe(0);

    // Scrolled up to the middle of the timeline, a new entry by Maya arrives at the bottom and
    // the view does not move.
    await page
      .getByText('Entry 40', { exact: true })
      .evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const middle = await topOf(page, 'Entry 40');
    const posted = await maya.client.post(`/api/journals/${moment.id}/comments`, {
      text: 'Dancing until dawn',
    });
    expect(posted.status).toBe(201);
    await expect
      .poll(async () => (await shownEntryTexts(page)).at(-1), { timeout: LIVE_MS })
      .toBe('Dancing until dawn');
    expect(await topOf(page, 'Entry 40')).toBe(middle);
    expect((await shownEntryTexts(page)).length).toBe(ENTRIES + 1);

    // Seen while open: his badge goes back to 0. Away from the moment, two more count exactly.
    await expect
      .poll(async () => (await leoState.get()).get('newCommentsCount'), { timeout: LIVE_MS })
      .toBe(0);
    await page.getByRole('link', { name: '← Back to my moments' }).click();
    await page.getByRole('tab', { name: 'Shared' }).click();
    for (const text of ['One more dance', 'And cake']) {
      expect((await maya.client.post(`/api/journals/${moment.id}/comments`, { text })).status).toBe(
        201,
      );
    }
    const badge = page
      .locator('li')
      .filter({ has: page.getByTestId('moment-card').filter({ hasText: 'Wedding album' }) })
      .getByTestId('new-comments-badge');
    await expect.poll(() => badge.textContent(), { timeout: LIVE_MS }).toBe('2');
    expect((await leoState.get()).get('newCommentsCount')).toBe(2);
    await recording.stop();
  });
});
