// A big moment (issue 45), in Chromium: 300 photos shown in an order the owner arranged (not the
// order they were added) and 400 entries. A cold open reads the journal, its photo index (one
// document, whatever the number of photos), the newest page of entries and the person's state;
// the carousel counts every photo; a "#photo N" link finds the N-th photo added wherever the
// arrangement put it, as does the viewer; the Photo Comments dialog of that photo brings its
// entries from pages not loaded; the first entry is three page loads away, not seven.
import { TIMELINE_PAGE_SIZE, earlierPageSize, memberStateId } from '@moments/shared';
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
import { seedPhotoRecords, uploadPhoto } from '../support/photos';
import { seedEntries, shownEntryTexts } from '../support/timeline';

const PHOTOS = 300;
const ENTRIES = 400;
/** The photo the entries name: the 60th added, which the arrangement shows far later. */
const TARGET = 60;

const { newContext } = useBrowser();

describe('a big moment', () => {
  it('opens with four kinds of reads, finds a far photo by its number, and reaches the first entry in three loads', async () => {
    const maya = await signedIn({ firstName: 'Maya', lastName: 'Chen' });
    const leo = await createUser({ firstName: 'Leo', lastName: 'Park' });
    const moment = await newMoment(maya.client, { title: 'Wedding album' });
    await addContributor(moment.id, leo);
    expect((await uploadPhoto(maya.client, moment.id)).status).toBe(201);
    const { target, position } = await seedPhotoRecords(moment.id, maya.user.uid, PHOTOS, TARGET);
    // Shown in arranged order: the 60th photo added is far along the carousel.
    expect(position).toBe(PHOTOS + 2 - TARGET);

    // Two old entries are about the photo (one names it, one is tied to it), and the newest
    // links to it; every other entry is about nothing.
    const seeded = await seedEntries(moment.id, maya.user, ENTRIES, {
      text: (k) =>
        k === 5
          ? `Cutting the cake, #photo ${TARGET}`
          : k === ENTRIES
            ? `Look at #photo ${TARGET}`
            : `Entry ${k}`,
      photoId: (k) => (k === 7 ? target.id : null),
    });
    const texts = seeded.map((entry) => entry.text);
    await adminDb
      .doc(`memberStates/${memberStateId(moment.id, leo.uid)}`)
      .update({ newCommentsCount: 0, lastViewedAt: new Date() });

    // Signed in with Firestore refused, so the open is this browser's first read.
    const context = await newContext({ serviceWorkers: 'block' });
    const allowFirestore = await refuseFirestore(context);
    await signInContext(context, leo.phoneNumber);
    await allowFirestore();
    const page = await context.newPage();
    const recording = await recordNetwork(page);
    await page.goto(`/journals/${moment.id}`);
    await page.getByText(`Look at #photo ${TARGET}`).waitFor({ timeout: 30_000 });
    for (const query of ['photoIndex', 'comments']) {
      await listenerAnswered(page, `journals/${moment.id}/${query}`);
    }
    await listenerAnswered(page, `memberStates/${moment.id}`);
    await recording.quiet();

    const photos = page.getByRole('region', { name: 'Photos' });
    await photos.getByText(`1 of ${PHOTOS}`, { exact: true }).waitFor();
    // The journal, the photo index (all 300 photos in one document), the newest 50 entries and
    // Leo's state (once more if the visit's mark lands after the first answer): never a photo
    // record.
    const reads = recording.firestoreReads();
    expectMomentReads(reads, TIMELINE_PAGE_SIZE);

    // "#photo 60" is the 60th photo added, shown where the arrangement put it, highlighted.
    await page.getByRole('button', { name: `#photo ${TARGET}` }).click();
    await photos.getByText(`${position} of ${PHOTOS}`, { exact: true }).waitFor();
    expect(await page.getByTestId('carousel-frame').getAttribute('data-highlighted')).toBe('true');
    // Only the photos near it are fetched, not every one before it.
    const fetched = await photos.locator('img[src]').count();
    expect(fetched).toBeLessThanOrEqual(5);

    // The viewer opens on it.
    await photos.getByRole('button', { name: `View photo ${position} fullscreen` }).click();
    const viewer = page.getByRole('dialog');
    await viewer.getByText(`${position} of ${PHOTOS}`, { exact: true }).waitFor();
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });

    // Its Photo Comments: the two old entries about it come from pages never loaded.
    await photos.getByRole('button', { name: `Open photo ${position} with its comments` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Photo ${position} of ${PHOTOS}`, { exact: false }).waitFor();
    await dialog.getByLabel('Only this photo').click();
    const about = dialog.locator('[data-entry-id] [data-entry-text]');
    await expect
      .poll(() => about.allTextContents(), { timeout: 10_000 })
      .toEqual([`Cutting the cake, #photo ${TARGET}`, 'Entry 7', `Look at #photo ${TARGET}`]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The first of 400 entries: earlier pages of 100, 200 and 400 (50 left): three loads.
    const earlier = page.getByRole('button', { name: 'Earlier entries', exact: true });
    for (let clicks = 0; clicks < 10 && (await earlier.count()) > 0; clicks += 1) {
      const shown = (await shownEntryTexts(page)).length;
      await earlier.click();
      await expect
        .poll(async () => (await shownEntryTexts(page)).length, { timeout: 15_000 })
        .toBeGreaterThan(shown);
    }
    await page.getByText('Entry 1', { exact: true }).waitFor();
    expect(await shownEntryTexts(page)).toEqual(texts);
    // Each page is kept as synced once the server has answered it in full. The live worker
    // sends that list to the page in a message of its own, which can come after the entries.
    const syncedSizes = async () => {
      const earlierPages = await page.evaluate(() =>
        (JSON.parse(localStorage.getItem('moments.syncedQueries') ?? '[]') as string[]).filter(
          (key) => key.includes('/comments<'),
        ),
      );
      const sizes = earlierPages.map((key) => Number(key.split('/').at(-1)?.split(':')[0]));
      return sizes.sort((a, b) => a - b);
    };
    await expect
      .poll(syncedSizes)
      .toEqual([earlierPageSize(0), earlierPageSize(1), earlierPageSize(2)]);
    await recording.stop();
  });
});
