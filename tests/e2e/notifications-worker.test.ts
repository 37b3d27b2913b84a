// The service worker's side of notifications (issue 40), with the real worker in Chromium:
// push messages delivered through the DevTools protocol as a push service would, one
// notification per moment that a newer one replaces, the app badge, and a tap opening the moment.
import { pushTagForJournal } from '@moments/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowser } from '../support/browser';
import { newMoment, signedIn } from '../support/moments';
import {
  activeServiceWorker,
  type WorkerNotifications,
  pushDelivery,
  recordBadges,
  shownOnceSettled,
  storedEndpoints,
  tapNotification,
} from '../support/push';
import { newDevice, subscribedDevice } from '../support/push-stand-in';

const { newContext } = useBrowser();

/** A signed-in person's page with the app's worker in charge and notifications allowed. */
async function personWithWorker() {
  const person = await signedIn({ firstName: 'Ada' });
  const context = await newContext();
  await context.grantPermissions(['notifications']);
  const page = await signedInPage(context, person.user.phoneNumber);
  const worker = await activeServiceWorker(page);
  return { person, page, worker, ...(await pushDelivery(page, worker)) };
}

function message(page: Page, journalId: string, title: string, badge?: number) {
  return {
    web_push: 8030,
    notification: {
      title,
      body: 'Leo: We found the trail',
      navigate: new URL(`/journals/${journalId}`, page.url()).href,
      tag: pushTagForJournal(journalId),
    },
    ...(badge === undefined ? {} : { app_badge: badge }),
  };
}

/**
 * Waits until the worker, done with the messages delivered, shows `count` notifications, and
 * answers them (a failure says what it showed instead, and which messages it received).
 */
function notificationsOnceThere(
  notifications: () => Promise<WorkerNotifications>,
  count: number,
  title?: string,
) {
  return shownOnceSettled(
    notifications,
    (shown) => shown.length === count && (!title || shown.some((n) => n.title === title)),
  );
}

describe("notifications in the app's service worker", () => {
  it('shows one notification per moment: a newer one replaces it, another moment adds one', async () => {
    const { person, page, deliver, notifications } = await personWithWorker();
    const lake = await newMoment(person.client, { title: 'Lake weekend' });
    const city = await newMoment(person.client, { title: 'City trip' });

    await deliver(message(page, lake.id, 'Leo added an entry in Lake weekend'));
    const [first] = await notificationsOnceThere(notifications, 1);
    expect(first).toEqual({
      title: 'Leo added an entry in Lake weekend',
      body: 'Leo: We found the trail',
      tag: pushTagForJournal(lake.id),
      navigate: new URL(`/journals/${lake.id}`, page.url()).href,
    });

    await deliver(message(page, lake.id, '3 new entries in Lake weekend'));
    const replaced = await notificationsOnceThere(
      notifications,
      1,
      '3 new entries in Lake weekend',
    );
    expect(replaced.map((n) => n.title)).toEqual(['3 new entries in Lake weekend']);

    await deliver(message(page, city.id, 'Leo added an entry in City trip'));
    const both = await notificationsOnceThere(notifications, 2);
    expect(both.map((n) => n.tag).sort()).toEqual(
      [pushTagForJournal(lake.id), pushTagForJournal(city.id)].sort(),
    );
  });

  it('shows both of two messages that arrive together for two moments', async () => {
    const { person, page, deliver, notifications } = await personWithWorker();
    const lake = await newMoment(person.client, { title: 'Lake weekend' });
    const city = await newMoment(person.client, { title: 'City trip' });
    await Promise.all([
      deliver(message(page, lake.id, 'Leo added an entry in Lake weekend')),
      deliver(message(page, city.id, 'Leo added an entry in City trip')),
    ]);
    const both = await notificationsOnceThere(notifications, 2);
    expect(both.map((n) => n.title).sort()).toEqual([
      'Leo added an entry in City trip',
      'Leo added an entry in Lake weekend',
    ]);
  });

  it('ignores a message that is not a Declarative Web Push one', async () => {
    const { person, page, deliver, notifications } = await personWithWorker();
    const lake = await newMoment(person.client, { title: 'Lake weekend' });
    await deliver({ web_push: 8030, notification: { title: 'No tag or link' } });
    await deliver('not json at all');
    // Then a good one: once it shows, the two before it have been handled (in order).
    await deliver(message(page, lake.id, 'Leo added an entry in Lake weekend'));
    const shown = await notificationsOnceThere(notifications, 1);
    expect(shown.map((n) => n.title)).toEqual(['Leo added an entry in Lake weekend']);
  });

  it("sets the app badge to the person's unseen count, and clears it at 0", async () => {
    const { person, page, worker, deliver } = await personWithWorker();
    const lake = await newMoment(person.client, { title: 'Lake weekend' });
    const badges = await recordBadges(worker);
    await deliver(message(page, lake.id, 'Leo added an entry in Lake weekend', 4));
    await expect.poll(badges).toEqual([4]);
    await deliver(message(page, lake.id, 'Nothing new in Lake weekend', 0));
    await expect.poll(badges).toEqual([4, 'cleared']);
  });

  it('a tap takes the open window to the moment', async () => {
    const { person, page, worker, deliver, notifications } = await personWithWorker();
    const lake = await newMoment(person.client, { title: 'Lake weekend' });
    await deliver(message(page, lake.id, 'Leo added an entry in Lake weekend'));
    await notificationsOnceThere(notifications, 1);
    expect(new URL(page.url()).pathname).toBe('/home');

    // A tap, as the browser dispatches it (headless Chromium has no notification to press;
    // focusing needs a real tap, so only the navigation can be seen here).
    await tapNotification(worker);
    await page.waitForURL(`**/journals/${lake.id}`);
    await page.getByRole('heading', { name: 'Lake weekend' }).waitFor();
    // The tapped notification is gone.
    await notificationsOnceThere(notifications, 0);
  });

  it('sends a subscription the browser renewed to the server, and drops the old one', async () => {
    const { person, worker } = await personWithWorker();
    const old = await subscribedDevice(person.client);
    const renewed = (await newDevice()).subscription;
    // The browser's event (it has no way to be caused from here); its waitUntil is kept so
    // that the test can wait for the worker's work.
    await worker.evaluate(
      async ({ subscription, oldEndpoint }) => {
        const event = new Event('pushsubscriptionchange');
        let work: Promise<unknown> = Promise.resolve();
        Object.defineProperties(event, {
          newSubscription: { value: { ...subscription, toJSON: () => subscription } },
          oldSubscription: { value: { endpoint: oldEndpoint } },
          waitUntil: { value: (promise: Promise<unknown>) => (work = promise) },
        });
        self.dispatchEvent(event);
        await work;
      },
      { subscription: renewed, oldEndpoint: old.subscription.endpoint },
    );
    // The server holds the renewed one in place of the old.
    expect(await storedEndpoints(person.user.uid)).toEqual([renewed.endpoint]);
  });
});
