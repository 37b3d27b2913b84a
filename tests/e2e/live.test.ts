// Live updates from Firestore: what one member does shows on another member's open pages
// without a reload, and the home badge counts only entries not yet seen.
import { memberStateId } from '@moments/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signedInPage, useBrowser } from '../support/browser';
import { adminDb, createUser } from '../support/emulators';
import { addContributor, newMoment, signedIn, type SignedIn } from '../support/moments';
import { listenerAnswered } from '../support/network';

/** "Within a few seconds": how long a change may take to reach another member's page. */
const LIVE_MS = 5000;

const { newContext } = useBrowser();

/** Marks the page so that a test can tell a live change from one that needed a reload. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
}
async function wasNotReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded === true);
}

function card(page: Page, title: string) {
  return page.getByTestId('moment-card').filter({ hasText: title });
}

/** The visible new-entries badge of a card ("" when it shows none). */
async function badgeText(page: Page, title: string): Promise<string> {
  const badge = page
    .locator('li')
    .filter({ has: card(page, title) })
    .getByTestId('new-comments-badge');
  return (await badge.count()) === 0 ? '' : ((await badge.textContent()) ?? '');
}

async function post(maya: SignedIn, journalId: string, text: string) {
  const res = await maya.client.post(`/api/journals/${journalId}/comments`, { text });
  expect(res.status).toBe(201);
}

describe('live updates', () => {
  it("shows another member's entries, badge and new shared moments without a reload", async () => {
    const maya = await signedIn({ firstName: 'Maya', lastName: 'Chen' });
    const leo = await createUser({ firstName: 'Leo', lastName: 'Park' });
    const moment = await newMoment(maya.client, { title: 'Lake weekend' });
    await addContributor(moment.id, leo);

    const mayaContext = await newContext();
    const leoContext = await newContext();
    const mayaPage = await signedInPage(mayaContext, maya.user.phoneNumber);
    const leoPage = await signedInPage(leoContext, leo.phoneNumber);

    // Leo has the moment open; Maya posts from her own phone.
    await leoPage.goto(`/journals/${moment.id}`);
    await leoPage.getByRole('heading', { name: 'Lake weekend' }).waitFor();
    await leoPage.getByText('No entries yet.').waitFor();
    await markPage(leoPage);
    await mayaPage.goto(`/journals/${moment.id}`);
    await mayaPage.getByPlaceholder('Add to this memory...').fill('The water was freezing');
    await mayaPage.getByRole('button', { name: 'Send' }).click();
    await mayaPage.getByText('Entry added', { exact: true }).waitFor();
    await leoPage.getByText('The water was freezing').waitFor({ timeout: LIVE_MS });
    expect(await wasNotReloaded(leoPage)).toBe(true);
    await expectAccessible(leoPage);

    // It was seen while open, so home shows no badge for it (once the view, sent as it
    // arrived, has reached the server and the home's live badges: a live change).
    await leoPage.getByRole('link', { name: '← Back to my moments' }).click();
    await leoPage.getByRole('tab', { name: 'Shared' }).click();
    await card(leoPage, 'Lake weekend').waitFor();
    await expect.poll(() => badgeText(leoPage, 'Lake weekend'), { timeout: LIVE_MS }).toBe('');

    // On /home, Maya's next entries raise the badge live...
    await markPage(leoPage);
    await post(maya, moment.id, 'Sunset at eight');
    await expect.poll(() => badgeText(leoPage, 'Lake weekend'), { timeout: LIVE_MS }).toBe('1');
    await post(maya, moment.id, 'Pancakes tomorrow?');
    await expect.poll(() => badgeText(leoPage, 'Lake weekend'), { timeout: LIVE_MS }).toBe('2');
    expect(await wasNotReloaded(leoPage)).toBe(true);
    await expectAccessible(leoPage);

    // ...and opening the moment clears it.
    await card(leoPage, 'Lake weekend').getByRole('link').click();
    await leoPage.getByText('Pancakes tomorrow?').waitFor();
    await leoPage.getByRole('link', { name: '← Back to my moments' }).click();
    await leoPage.getByRole('tab', { name: 'Shared' }).click();
    await card(leoPage, 'Lake weekend').waitFor();
    await expect.poll(() => badgeText(leoPage, 'Lake weekend'), { timeout: LIVE_MS }).toBe('');
    const stored = await adminDb.doc(`memberStates/${memberStateId(moment.id, leo.uid)}`).get();
    expect(stored.get('newCommentsCount')).toBe(0);

    // A moment Maya shares with Leo appears on his Shared tab.
    const second = await newMoment(maya.client, { title: 'Garden party' });
    await addContributor(second.id, leo);
    await card(leoPage, 'Garden party').waitFor({ timeout: LIVE_MS });
    expect(await wasNotReloaded(leoPage)).toBe(true);
  });

  it('keeps two tabs of one person live, the second reading without the device cache', async () => {
    const maya = await signedIn({ firstName: 'Maya', lastName: 'Chen' });
    const moment = await newMoment(maya.client, { title: 'Two tabs' });
    const context = await newContext();
    const first = await signedInPage(context, maya.user.phoneNumber);
    await first.goto(`/journals/${moment.id}`);
    await first.getByText('No entries yet.').waitFor();
    await listenerAnswered(first, `journals/${moment.id}/comments`);
    // The first tab's worker holds the device's cache; the second's reads from the server.
    const second = await context.newPage();
    await second.goto(`/journals/${moment.id}`);
    await second.getByText('No entries yet.').waitFor();

    await post(maya, moment.id, 'Seen in both tabs');
    await first.getByText('Seen in both tabs').waitFor({ timeout: LIVE_MS });
    await second.getByText('Seen in both tabs').waitFor({ timeout: LIVE_MS });
    await post(maya, moment.id, 'And again');
    await first.getByText('And again').waitFor({ timeout: LIVE_MS });
    await second.getByText('And again').waitFor({ timeout: LIVE_MS });
  });

  it('keeps the client signed in across a reload, and signs it in again from the session', async () => {
    const maya = await signedIn({ firstName: 'Maya', lastName: 'Chen' });
    const leo = await createUser({ firstName: 'Leo', lastName: 'Park' });
    const moment = await newMoment(maya.client, { title: 'Road trip' });
    await addContributor(moment.id, leo);
    const page = await signedInPage(await newContext(), leo.phoneNumber);
    const tokenCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/client-token')) tokenCalls.push(request.url());
    });

    // A reload restores the SDK's own sign-in (IndexedDB): live reads need nothing from /api.
    await page.goto(`/journals/${moment.id}`);
    await page.reload();
    await page.getByRole('heading', { name: 'Road trip' }).waitFor();
    await post(maya, moment.id, 'Leaving at six');
    await page.getByText('Leaving at six').waitFor({ timeout: LIVE_MS });
    expect(tokenCalls).toEqual([]);

    // With that storage gone (as Safari clears it after a week), the session cookie signs
    // the client in again.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase('firebaseLocalStorageDb');
          request.onsuccess = () => resolve();
          request.onerror = () => reject(new Error('could not clear'));
          request.onblocked = () => resolve();
        }),
    );
    await page.goto('about:blank');
    await page.goto(`/journals/${moment.id}`);
    await page.getByText('Leaving at six').waitFor();
    expect(tokenCalls).toHaveLength(1);
  });

  it('leaves a moment that is deleted or out of reach with a message, never a blank page', async () => {
    const maya = await signedIn({ firstName: 'Maya', lastName: 'Chen' });
    const leo = await createUser({ firstName: 'Leo', lastName: 'Park' });
    const [kept, removed] = await Promise.all([
      newMoment(maya.client, { title: 'Kept' }),
      newMoment(maya.client, { title: 'Removed from' }),
    ]);
    await Promise.all([addContributor(kept.id, leo), addContributor(removed.id, leo)]);
    const page = await signedInPage(await newContext(), leo.phoneNumber);

    // Maya deletes the moment Leo is looking at.
    await page.goto(`/journals/${kept.id}`);
    await page.getByRole('heading', { name: 'Kept' }).waitFor();
    expect((await maya.client.delete(`/api/journals/${kept.id}`)).status).toBe(200);
    await page.waitForURL('**/home', { timeout: LIVE_MS });
    await page.getByText('Moment unavailable', { exact: true }).waitFor();
    await page
      .getByText('This moment was deleted or you no longer have access to it.', { exact: true })
      .waitFor();

    // Leo is taken off a moment while it is open (as the owner removing a member would).
    await page.goto(`/journals/${removed.id}`);
    await page.getByRole('heading', { name: 'Removed from' }).waitFor();
    await adminDb.doc(`journals/${removed.id}`).update({ memberIds: [maya.user.uid] });
    await page.waitForURL('**/home', { timeout: LIVE_MS });
    await page.getByText('Moment unavailable', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Shared' }).click();
    await page.getByText('No shared moments yet').waitFor();

    // A link to a moment he cannot see says so in place.
    await page.goto(`/journals/${removed.id}`);
    await page.getByText('This moment could not be found.').waitFor();
    await expectAccessible(page);
  });
});
