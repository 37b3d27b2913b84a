// The page's side of notifications (issue 40) in Chromium: My Account's switch for this device
// (subscribe with the server's key and send it; off sends DELETE), the blocked-permission
// path, the re-sync at each start, logout removing the device, "Mute this moment", and the
// offer after posting an entry. Against the real server: what it stored is read back through
// the API or its private documents; the subscription comes from the push service stand-in
// through the init script of support/push.ts (headless Chromium refuses a real one).
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api';
import { expectAccessible, signedInPage, useBrowser } from '../support/browser';
import { newMoment, signedIn } from '../support/moments';
import {
  fakePushSubscriptions,
  pageSubscription,
  storedDevices,
  storedEndpoints,
} from '../support/push';
import { pushStandIn, vapidPublicKey } from '../support/push-stand-in';

const { newContext } = useBrowser();

const DEVICE_SWITCH = 'Notifications on this device';

async function personOnDevice(permission: 'granted' | 'default' = 'granted') {
  const person = await signedIn({ firstName: 'Grace' });
  const context = await newContext();
  if (permission === 'granted') await context.grantPermissions(['notifications']);
  await fakePushSubscriptions(context);
  const page = await signedInPage(context, person.user.phoneNumber);
  return { person, context, page, uid: person.user.uid };
}

async function openMyAccount(page: Page) {
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
}

/**
 * Turns this device on from My Account; answers the browser's subscription once the server
 * holds it.
 */
async function turnOn(page: Page, uid: string) {
  const deviceSwitch = page.getByRole('switch', { name: DEVICE_SWITCH });
  await deviceSwitch.click();
  await expect.poll(() => deviceSwitch.isChecked()).toBe(true);
  await page.getByText('Notifications are on for this device.', { exact: true }).waitFor();
  const subscription = await pageSubscription(page);
  expect(subscription).not.toBeNull();
  await expect.poll(() => storedEndpoints(uid)).toEqual([subscription!.subscription.endpoint]);
  return subscription!;
}

/** The person's notification settings as the server answers them. */
async function settingsOf(client: ApiClient) {
  const res = await client.get<{ quietHours: unknown; mutedJournalIds: string[] }>(
    '/api/push/settings',
  );
  expect(res.status).toBe(200);
  return res.body;
}

describe('notifications: My Account, the offer, mute', () => {
  it('turns this device on and off from My Account; the settings pass axe', async () => {
    const { person, page, uid } = await personOnDevice();
    await openMyAccount(page);
    const deviceSwitch = page.getByRole('switch', { name: DEVICE_SWITCH });
    expect(await deviceSwitch.isChecked()).toBe(false);
    expect(await storedEndpoints(uid)).toEqual([]);
    await expectAccessible(page);

    const sent = await turnOn(page, uid);
    expect(sent.subscription.endpoint.startsWith(`${pushStandIn()}/push/`)).toBe(true);
    // Subscribed with the server's key (GET /api/push/config), so its pushes verify.
    expect(sent.applicationServerKey).toBe(await vapidPublicKey());
    const [stored] = await storedDevices(uid);
    expect(stored!.keys).toEqual(sent.subscription.keys);

    // Quiet hours, in this device's time zone.
    await page.getByRole('switch', { name: 'Quiet hours' }).click();
    await page.getByLabel('From').waitFor();
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect
      .poll(async () => (await settingsOf(person.client)).quietHours)
      .toEqual({ start: '22:00', end: '07:00', timeZone });
    await expectAccessible(page);

    await deviceSwitch.click();
    await expect.poll(() => deviceSwitch.isChecked()).toBe(false);
    await expect.poll(() => storedEndpoints(uid)).toEqual([]);
    // The browser forgot it too (after the server: disablePush's order), so turning on again
    // makes a new one.
    await expect.poll(() => pageSubscription(page)).toBeNull();
  });

  it('says plainly when notifications are blocked, and how to allow them', async () => {
    const { context, page } = await personOnDevice('default');
    await blockNotifications(context, page);
    await openMyAccount(page);
    await page.getByText(/^Notifications are blocked for Moments in this browser\./).waitFor();
    expect(await page.getByRole('switch', { name: DEVICE_SWITCH }).isDisabled()).toBe(true);
    await expectAccessible(page);
  });

  it('sends the current subscription again at each start', async () => {
    const { page, uid } = await personOnDevice();
    await openMyAccount(page);
    const sent = await turnOn(page, uid);
    const [before] = await storedDevices(uid);
    await page.goto('/home');
    // The server saw it again (after the page has settled: up to its longest wait).
    await expect
      .poll(async () => (await storedDevices(uid))[0]!.lastSeenAt.toMillis(), { timeout: 20_000 })
      .toBeGreaterThan(before!.lastSeenAt.toMillis());
    expect(await storedEndpoints(uid)).toEqual([sent.subscription.endpoint]);
  });

  it('logout removes this device before the session ends', async () => {
    const { context, page, uid } = await personOnDevice();
    const order: string[] = [];
    await context.route('**/api/auth/logout', (route) => {
      order.push('logout');
      return route.continue();
    });
    await openMyAccount(page);
    await turnOn(page, uid);
    await context.route('**/api/push/subscription', (route) => {
      if (route.request().method() === 'DELETE') order.push('delete subscription');
      return route.fallback();
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    expect(order).toEqual(['delete subscription', 'logout']);
    expect(await storedEndpoints(uid)).toEqual([]);
  });

  it('mutes and unmutes a moment from its menu', async () => {
    const { person, page } = await personOnDevice();
    const moment = await newMoment(person.client, { title: 'Lake weekend' });
    await page.goto('/home');
    const card = page.getByTestId('moment-card').filter({ hasText: 'Lake weekend' });
    await card.getByRole('button', { name: 'Moment options' }).click();
    await page.getByRole('menuitem', { name: 'Mute this moment' }).click();
    await page.getByText('This moment is muted.', { exact: true }).waitFor();
    expect((await settingsOf(person.client)).mutedJournalIds).toEqual([moment.id]);
    await card.getByRole('button', { name: 'Moment options' }).click();
    await page.getByRole('menuitem', { name: 'Unmute this moment' }).click();
    await page.getByText('This moment is no longer muted.', { exact: true }).waitFor();
    expect((await settingsOf(person.client)).mutedJournalIds).toEqual([]);
  });

  it('offers notifications after the person posts an entry, asking only from its button', async () => {
    const { person, context, page, uid } = await personOnDevice('default');
    const moment = await newMoment(person.client, { title: 'Lake weekend' });
    await page.goto(`/journals/${moment.id}`);
    await page.getByRole('heading', { name: 'Lake weekend' }).waitFor();
    const offer = page.getByRole('complementary', { name: 'Hear about new entries?' });
    expect(await offer.count()).toBe(0);

    await page.getByRole('textbox', { name: 'Add to this memory' }).fill('We found the trail');
    await page.getByRole('button', { name: 'Send' }).click();
    await offer.waitFor();
    expect(await storedEndpoints(uid)).toEqual([]);
    await expectAccessible(page);

    // The person allows them at the browser's prompt.
    await context.grantPermissions(['notifications']);
    await offer.getByRole('button', { name: 'Turn on notifications' }).click();
    await offer.waitFor({ state: 'hidden' });
    const subscription = await pageSubscription(page);
    await expect.poll(() => storedEndpoints(uid)).toEqual([subscription!.subscription.endpoint]);
  });
});

/** The browser's own "Block" for this site (the DevTools protocol's permission setting). */
async function blockNotifications(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  // In this context only (without its id, the browser's default context).
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin: new URL(page.url()).origin,
    browserContextId: targetInfo.browserContextId,
  });
}
