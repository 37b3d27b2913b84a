// The page's side of notifications (issue 40) in Chromium: My Account's switch for this device
// (subscribe with the server's key and send it; off sends DELETE), the blocked-permission
// path, the re-sync at each start, logout removing the device, "Mute this moment", and the
// offer after posting an entry. The server half is stood in for by stubPushServer; the
// subscription by the init script of support/push.ts (headless Chromium refuses a real one).
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signedInPage, useBrowser } from '../support/browser';
import { newMoment, signedIn } from '../support/moments';
import { fakePushSubscriptions, stubPushServer, type PushCall } from '../support/push';

const { newContext } = useBrowser();

const DEVICE_SWITCH = 'Notifications on this device';

async function personOnDevice(permission: 'granted' | 'default' = 'granted') {
  const person = await signedIn({ firstName: 'Grace' });
  const context = await newContext();
  if (permission === 'granted') await context.grantPermissions(['notifications']);
  await fakePushSubscriptions(context);
  const server = await stubPushServer(context);
  const page = await signedInPage(context, person.user.phoneNumber);
  return { person, context, page, calls: server.calls };
}

async function openMyAccount(page: Page) {
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
}

const subscriptionCalls = (calls: PushCall[], method: string) =>
  calls.filter((call) => call.path === '/api/push/subscription' && call.method === method);

/** Turns this device on from My Account and answers the subscription the server was sent. */
async function turnOn(page: Page, calls: PushCall[]) {
  const deviceSwitch = page.getByRole('switch', { name: DEVICE_SWITCH });
  await deviceSwitch.click();
  await expect.poll(() => deviceSwitch.isChecked()).toBe(true);
  await page.getByText('Notifications are on for this device.', { exact: true }).waitFor();
  const [put] = subscriptionCalls(calls, 'PUT');
  return put!.body as { endpoint: string; keys: { p256dh: string; auth: string } };
}

describe('notifications: My Account, the offer, mute', () => {
  it('turns this device on and off from My Account; the settings pass axe', async () => {
    const { page, calls } = await personOnDevice();
    await openMyAccount(page);
    const deviceSwitch = page.getByRole('switch', { name: DEVICE_SWITCH });
    expect(await deviceSwitch.isChecked()).toBe(false);
    await expectAccessible(page);

    const sent = await turnOn(page, calls);
    expect(sent.endpoint).toMatch(/^https:\/\/push\.example\.com\/send\//);
    expect(sent.keys.p256dh.length).toBeGreaterThan(80);
    // Subscribed with the server's key, asked for first.
    expect(calls.findIndex((c) => c.path === '/api/push/config')).toBeLessThan(
      calls.findIndex((c) => c.path === '/api/push/subscription'),
    );

    // Quiet hours, in this device's time zone.
    await page.getByRole('switch', { name: 'Quiet hours' }).click();
    await page.getByLabel('From').waitFor();
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect
      .poll(() => calls.filter((c) => c.path === '/api/push/settings' && c.method === 'PUT'))
      .toEqual([
        {
          method: 'PUT',
          path: '/api/push/settings',
          body: { quietHours: { start: '22:00', end: '07:00', timeZone } },
        },
      ]);
    await expectAccessible(page);

    await deviceSwitch.click();
    await expect.poll(() => deviceSwitch.isChecked()).toBe(false);
    expect(subscriptionCalls(calls, 'DELETE').map((c) => c.body)).toEqual([
      { endpoint: sent.endpoint },
    ]);
    // The browser forgot it too: turning on again makes a new one.
    expect(await page.evaluate(() => localStorage.getItem('test.pushSubscription'))).toBeNull();
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
    const { page, calls } = await personOnDevice();
    await openMyAccount(page);
    const sent = await turnOn(page, calls);
    await page.goto('/home');
    // After the page has settled (up to its longest wait).
    await expect.poll(() => subscriptionCalls(calls, 'PUT').length, { timeout: 20_000 }).toBe(2);
    expect(subscriptionCalls(calls, 'PUT')[1]!.body).toEqual(sent);
  });

  it('logout removes this device before the session ends', async () => {
    const { context, page, calls } = await personOnDevice();
    const order: string[] = [];
    await context.route('**/api/auth/logout', (route) => {
      order.push('logout');
      return route.continue();
    });
    await openMyAccount(page);
    const sent = await turnOn(page, calls);
    await context.route('**/api/push/subscription', (route) => {
      if (route.request().method() === 'DELETE') order.push('delete subscription');
      return route.fallback();
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    expect(order).toEqual(['delete subscription', 'logout']);
    expect(subscriptionCalls(calls, 'DELETE').map((c) => c.body)).toEqual([
      { endpoint: sent.endpoint },
    ]);
  });

  it('mutes and unmutes a moment from its menu', async () => {
    const { person, page, calls } = await personOnDevice();
    const moment = await newMoment(person.client, { title: 'Lake weekend' });
    await page.goto('/home');
    const card = page.getByTestId('moment-card').filter({ hasText: 'Lake weekend' });
    await card.getByRole('button', { name: 'Moment options' }).click();
    await page.getByRole('menuitem', { name: 'Mute this moment' }).click();
    await page.getByText('This moment is muted.', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Moment options' }).click();
    await page.getByRole('menuitem', { name: 'Unmute this moment' }).click();
    await page.getByText('This moment is no longer muted.', { exact: true }).waitFor();
    const mutePath = `/api/journals/${moment.id}/mute`;
    expect(calls.filter((c) => c.path === mutePath).map((c) => c.body)).toEqual([
      { muted: true },
      { muted: false },
    ]);
  });

  it('offers notifications after the person posts an entry, asking only from its button', async () => {
    const { person, context, page, calls } = await personOnDevice('default');
    const moment = await newMoment(person.client, { title: 'Lake weekend' });
    await page.goto(`/journals/${moment.id}`);
    await page.getByRole('heading', { name: 'Lake weekend' }).waitFor();
    const offer = page.getByRole('complementary', { name: 'Hear about new entries?' });
    expect(await offer.count()).toBe(0);

    await page.getByRole('textbox', { name: 'Add to this memory' }).fill('We found the trail');
    await page.getByRole('button', { name: 'Send' }).click();
    await offer.waitFor();
    expect(subscriptionCalls(calls, 'PUT')).toEqual([]);
    await expectAccessible(page);

    // The person allows them at the browser's prompt.
    await context.grantPermissions(['notifications']);
    await offer.getByRole('button', { name: 'Turn on notifications' }).click();
    await offer.waitFor({ state: 'hidden' });
    expect(subscriptionCalls(calls, 'PUT')).toHaveLength(1);
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
