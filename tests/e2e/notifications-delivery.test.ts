// Notifications end to end (issue 40): Ada has the app open with notifications on (her
// subscription from the push service stand-in); Leo posts through the API; the real fan-out
// sends to the stand-in, which decrypts it; the payload goes on to Ada's real service worker
// through the DevTools protocol, as her push service would deliver it. The digest sweep is a
// plain function, called here with a clock past the window (scheduled functions do not run
// under the emulators).
import { memberStateId, PUSH_DIGEST_WINDOW_MS, pushTagForJournal } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api';
import { signedInPage, useBrowser } from '../support/browser';
import { adminDb } from '../support/emulators';
import { addContributor, newMoment, signedIn } from '../support/moments';
import {
  activeServiceWorker,
  fakePushSubscriptions,
  pageSubscription,
  pushDelivery,
  type WorkerNotifications,
  recordBadges,
  shownOnceSettled,
  storedEndpoints,
  tapNotification,
} from '../support/push';
import { received, TRIGGER_POLL, type Device } from '../support/push-stand-in';

const { newContext } = useBrowser();

let sweepDigests: (now?: Date) => Promise<number>;

beforeAll(async () => {
  // This process stands in for the emulated function: the stand-in's endpoints are allowed.
  process.env.FUNCTIONS_EMULATOR = 'true';
  ({ sweepDigests } = await import('../../functions/src/features/push'));
});

/** Ada's page with notifications turned on from My Account, back on the home screen. */
async function adaWithNotificationsOn(uid: string, phoneNumber: string) {
  const context = await newContext();
  await context.grantPermissions(['notifications']);
  await fakePushSubscriptions(context);
  const page = await signedInPage(context, phoneNumber);
  await page.goto('/profile');
  await page.getByRole('switch', { name: 'Notifications on this device' }).click();
  await page.getByText('Notifications are on for this device.', { exact: true }).waitFor();
  const device = await pageSubscription(page);
  await expect.poll(() => storedEndpoints(uid)).toEqual([device!.subscription.endpoint]);
  await page.goto('/home');
  const worker = await activeServiceWorker(page);
  return { page, worker, device: device! };
}

async function post(client: ApiClient, journalId: string, text: string) {
  const res = await client.post(`/api/journals/${journalId}/comments`, { text });
  expect(res.status).toBe(201);
}

/** Waits for the device's `count`th message at the stand-in, and answers it. */
async function nthMessage(device: Device, count: number) {
  await expect.poll(async () => (await received(device)).length, TRIGGER_POLL).toBe(count);
  return (await received(device))[count - 1]!;
}

/** Waits until the worker shows exactly one notification, with this body, and answers it. */
async function theOneNotification(notifications: () => Promise<WorkerNotifications>, body: string) {
  const shown = await shownOnceSettled(
    notifications,
    (all) => all.length === 1 && all[0]!.body === body,
  );
  return shown[0]!;
}

describe('notifications end to end: server, push service stand-in, service worker', () => {
  it("an entry by Leo shows on Ada's device; a second one updates it; a tap opens the moment", async () => {
    const [ada, leo] = await Promise.all([
      signedIn({ firstName: 'Ada' }),
      signedIn({ firstName: 'Leo' }),
    ]);
    const moment = await newMoment(ada.client, { title: 'Lake weekend' });
    await addContributor(moment.id, leo.user);
    const { page, worker, device } = await adaWithNotificationsOn(
      ada.user.uid,
      ada.user.phoneNumber,
    );
    const { deliver, notifications } = await pushDelivery(page, worker);
    const badges = await recordBadges(worker);
    const tag = pushTagForJournal(moment.id);
    const momentUrl = new URL(`/journals/${moment.id}`, page.url()).href;

    await post(leo.client, moment.id, 'We found the trail');
    const first = await nthMessage(device, 1);
    expect(first.topic).toBe(tag);
    expect(first.message.app_badge).toBe(1);
    await deliver(first.payload);
    expect(await theOneNotification(notifications, 'Leo: We found the trail')).toEqual({
      title: 'Lake weekend',
      body: 'Leo: We found the trail',
      tag,
      navigate: momentUrl,
    });
    await expect.poll(badges).toEqual([1]);

    // Within the digest window: folded, nothing sent until the sweep.
    await post(leo.client, moment.id, 'The water is cold');
    const digest = adminDb.doc(`pushDigests/${ada.user.uid}_${moment.id}`);
    await expect
      .poll(async () => (await digest.get()).get('dueAt'), TRIGGER_POLL)
      .toBeInstanceOf(Timestamp);
    expect(await received(device)).toHaveLength(1);
    // The sweep sends every digest due in these emulators (other test files' too): Ada's is one.
    expect(
      await sweepDigests(new Date(Date.now() + PUSH_DIGEST_WINDOW_MS + 1000)),
    ).toBeGreaterThanOrEqual(1);
    const second = await nthMessage(device, 2);
    expect(second.topic).toBe(tag);
    await deliver(second.payload);
    // The same moment's notification, updated in place: still one.
    expect(await theOneNotification(notifications, '2 new entries in Lake weekend')).toEqual({
      title: 'Lake weekend',
      body: '2 new entries in Lake weekend',
      tag,
      navigate: momentUrl,
    });
    await expect.poll(badges).toEqual([1, 2]);

    expect(new URL(page.url()).pathname).toBe('/home');
    await tapNotification(worker);
    await page.waitForURL(`**/journals/${moment.id}`);
    await page.getByRole('heading', { name: 'Lake weekend' }).waitFor();
    await expect.poll(async () => (await notifications()).shown?.length).toBe(0);
    // Opening it marked the moment viewed: nothing unseen is left to badge.
    const state = adminDb.doc(`memberStates/${memberStateId(moment.id, ada.user.uid)}`);
    await expect.poll(async () => (await state.get()).get('newCommentsCount')).toBe(0);
  });
});
