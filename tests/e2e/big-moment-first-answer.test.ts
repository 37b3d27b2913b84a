// A big moment before its listeners answer (issue 45: docs/data-model.md, "The moment's first
// answer"): with Firestore out of reach, the page has only the API's answers, and the first holds
// 20 of its 300 photos. The carousel still counts all 300; a "#photo N" link to a photo it does
// not hold, the viewer and the arranger get every photo from GET .../photo-index, once asked.
import { MOMENT_FIRST_PHOTOS, type Journal } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { signInContext, useBrowser } from '../support/browser';
import { newMoment, signedIn } from '../support/moments';
import { refuseFirestore } from '../support/network';
import { seedPhotoRecords, uploadPhoto } from '../support/photos';
import { seedEntries } from '../support/timeline';

const PHOTOS = 300;
/** The photo the newest entry names: the 60th added, shown far past the first answer's 20. */
const TARGET = 60;

const { newContext } = useBrowser();

describe("a big moment's first answer", () => {
  it('counts every photo and finds any of them by link, viewer and arranger from the API alone', async () => {
    const maya = await signedIn({ firstName: 'Maya', lastName: 'Chen' });
    const moment = await newMoment(maya.client, { title: 'Wedding album' });
    expect((await uploadPhoto(maya.client, moment.id)).status).toBe(201);
    const { position } = await seedPhotoRecords(moment.id, maya.user.uid, PHOTOS, TARGET);
    expect(position).toBeGreaterThan(MOMENT_FIRST_PHOTOS);
    await seedEntries(moment.id, maya.user, 3, {
      text: (k) => (k === 3 ? `Look at #photo ${TARGET}` : `Entry ${k}`),
    });

    const context = await newContext({ serviceWorkers: 'block' });
    // Never let through: no listener ever answers.
    await refuseFirestore(context);
    await signInContext(context, maya.user.phoneNumber);
    const page = await context.newPage();
    const indexCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/photo-index')) indexCalls.push(request.url());
    });
    const firstAnswer = page.waitForResponse(
      (res) => new URL(res.url()).pathname === `/api/journals/${moment.id}`,
    );
    await page.goto(`/journals/${moment.id}`);
    const answer = (await (await firstAnswer).json()) as Journal;
    expect(answer.images).toHaveLength(MOMENT_FIRST_PHOTOS);
    expect(answer.photoCount).toBe(PHOTOS);

    const photos = page.getByRole('region', { name: 'Photos' });
    await photos.getByText(`1 of ${PHOTOS}`, { exact: true }).waitFor();
    await page.getByText(`Look at #photo ${TARGET}`).waitFor();
    expect(indexCalls).toEqual([]);

    // The link names a photo the page does not hold yet: asked for, then shown where it is.
    await page.getByRole('button', { name: `#photo ${TARGET}` }).click();
    await photos.getByText(`${position} of ${PHOTOS}`, { exact: true }).waitFor();
    expect(await page.getByTestId('carousel-frame').getAttribute('data-highlighted')).toBe('true');
    expect(indexCalls).toHaveLength(1);

    await photos.getByRole('button', { name: `View photo ${position} fullscreen` }).click();
    const viewer = page.getByRole('dialog');
    await viewer.getByText(`${position} of ${PHOTOS}`, { exact: true }).waitFor();
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });

    // The arranger, opened on its own: every photo, in the moment's order.
    await page.goto(`/moment/${moment.id}/edit`);
    const rows = page.getByTestId('edit-photo');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(PHOTOS);
    expect(indexCalls).toHaveLength(2);
  });
});
