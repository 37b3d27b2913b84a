// Analytics and session replay in Chromium, against the real mixpanel-browser library and the
// local collector stand-in: what arrives, what never does, and when nothing may be sent.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  analyticsOffLogged,
  collectorRequests,
  events,
  received,
  waitForQueuesEmpty,
  waitForReceived,
  withOwnToken,
  type ReceivedRequest,
} from '../support/analytics';
import { expectAccessible, signInThroughUi, useBrowser } from '../support/browser';
import { adminDb, createUser } from '../support/emulators';
import { newMoment, signedIn } from '../support/moments';
import { TEST_CARDS, payWithCard } from '../support/stripe';

const { newPage } = useBrowser();

const names = (requests: ReceivedRequest[]) => events(requests).map((e) => e.event);
const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function signInAndReachHome(page: Page, phoneNumber: string) {
  await signInThroughUi(page, phoneNumber);
  await page.waitForURL('**/home');
}

describe('analytics events', () => {
  it('arrive in batches, identify the person once with the spec attributes, and reset at logout', async () => {
    const person = await createUser({ firstName: 'Ines', lastName: 'Ito' });
    const page = await newPage();
    const token = await withOwnToken(page);
    const logs: string[] = [];
    page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
    page.on('requestfailed', (r) => logs.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
    const showPageLog = (error: unknown) => {
      console.log(`Page console:\n${logs.join('\n')}`);
      throw error;
    };
    await signInAndReachHome(page, person.phoneNumber);

    const arrived = await waitForReceived(
      token,
      (r) =>
        ['app_loaded', 'page_view', 'sign_in_code_requested', 'sign_in_completed'].every((n) =>
          names(r).includes(n),
        ) &&
        r.some((req) => req.endpoint === 'engage') &&
        // The profile and the events go in separate batches: wait for the home page's view too.
        events(r).some((e) => e.event === 'page_view' && e.properties.path === '/home'),
    );
    // Batches: several events in one request, not one request per event.
    expect(
      Math.max(...arrived.filter((r) => r.endpoint === 'track').map((r) => r.items.length)),
    ).toBeGreaterThan(1);
    const pageViews = events(arrived).filter((e) => e.event === 'page_view');
    expect(pageViews.map((e) => e.properties.path)).toEqual(
      expect.arrayContaining(['/auth', '/home']),
    );
    // Once signed in, events are the person's (the sign-in itself is the device's, which the
    // provider links to the person when identify follows).
    const home = events(arrived).find(
      (e) => e.event === 'page_view' && e.properties.path === '/home',
    );
    expect(home?.properties.distinct_id).toBe(person.uid);
    const profiles = arrived.filter((r) => r.endpoint === 'engage').flatMap((r) => r.items);
    const set = profiles.find((p) => p.$set) as {
      $distinct_id: string;
      $set: Record<string, unknown>;
    };
    expect(set.$distinct_id).toBe(person.uid);
    expect(set.$set).toMatchObject({
      $name: 'Ines Ito',
      $email: null,
      $phone: person.phoneNumber,
      first_name: 'Ines',
      last_name: 'Ito',
      has_profile_picture: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(await storage(page, 'lastIdentifiedUserId')).toBe(person.uid);
    expect(await storage(page, 'analyticsInitialized')).toBe('true');

    // A reload is the same person: no second identification.
    await page.reload();
    await waitForReceived(
      token,
      // Once per $insert_id, as the provider counts: a batch not yet answered when the page
      // reloads is sent again by the next page.
      (r) =>
        new Set(
          events(r)
            .filter((e) => e.event === 'app_loaded')
            .map((e) => e.properties.$insert_id),
        ).size === 2,
    ).catch(showPageLog);
    // Everything the reloaded page queued (a second identification would be among it) is sent.
    await waitForQueuesEmpty(page, token);
    const engages = (await received(token)).filter((r) => r.endpoint === 'engage');
    expect(engages.flatMap((r) => r.items).filter((p) => p.$set)).toHaveLength(1);

    // Logout: both flags go, and what follows is a new anonymous identity.
    const known = new Set(events(await received(token)).map((e) => e.properties.distinct_id));
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    expect(await storage(page, 'lastIdentifiedUserId')).toBeNull();
    expect(await storage(page, 'analyticsInitialized')).toBeNull();
    await waitForReceived(token, (r) =>
      events(r).some(
        (e) =>
          e.event === 'page_view' &&
          e.properties.path === '/auth' &&
          !known.has(e.properties.distinct_id),
      ),
    ).catch(showPageLog);
  }, 240_000);

  it('track moments created, entries posted, pins and shares by id, with no content', async () => {
    const owner = await signedIn({ firstName: 'Olga', lastName: 'Ortiz' });
    const moment = await newMoment(owner.client, { title: 'Secret garden party' });
    const page = await newPage();
    const token = await withOwnToken(page, { recordSessionsPercent: 100 });
    await signInAndReachHome(page, owner.user.phoneNumber);

    const openedAt = Date.now();
    await page.goto(`/journals/${moment.id}`);
    // The replay records this page before the dialog opens: its first full snapshot (rrweb
    // type 2) has arrived. The recorder starts after the page's first render, and on a busy
    // machine the dialog could otherwise open and close before it.
    await waitForReceived(
      token,
      (r) =>
        r.some(
          (req) =>
            req.endpoint === 'record' &&
            req.items.some(
              (e) => e.type === 2 && typeof e.timestamp === 'number' && e.timestamp >= openedAt,
            ),
        ),
      60_000,
    );
    const entry = 'whispered-entry-text-4711';
    await page.getByRole('textbox', { name: 'Add to this memory' }).fill(entry);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(entry).waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share "Secret garden party"' });
    await dialog.getByRole('button', { name: 'Create invite link' }).click();
    const linkField = dialog.getByRole('textbox', { name: 'Invite link' });
    await linkField.waitFor();
    const link = await linkField.inputValue();
    const inviteToken = link.split('/').at(-1) ?? '';
    expect(inviteToken.length).toBeGreaterThan(20);
    await expectAccessible(page);
    const closingAt = Date.now();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const all = await waitForReceived(
      token,
      (r) =>
        ['entry_posted', 'moment_shared'].every((n) => names(r).includes(n)) &&
        r.some(
          (req) => req.endpoint === 'record' && JSON.stringify(req.items).includes('"type":2'),
        ),
      60_000,
    );
    const posted = events(all).find((e) => e.event === 'entry_posted');
    expect(posted?.properties).toMatchObject({ journal_id: moment.id, on_photo: false });
    expect(events(all).find((e) => e.event === 'moment_shared')?.properties).toMatchObject({
      journal_id: moment.id,
      targeted: false,
    });
    expect(
      events(all).some(
        (e) => e.event === 'page_view' && e.properties.path === `/journals/${moment.id}`,
      ),
    ).toBe(true);

    // Every event is delivered, and the replay has sent what it recorded as the dialog closed
    // (so the dialog's whole life is in it); then scan every body.
    await waitForQueuesEmpty(page, token);
    await waitForReceived(token, (r) =>
      r.some(
        (req) =>
          req.endpoint === 'record' &&
          req.items.some((e) => typeof e.timestamp === 'number' && e.timestamp > closingAt),
      ),
    );
    const everything = JSON.stringify(await received(token));
    // The text message link was recorded as an empty box (its address holds the moment's
    // title and the invite link), so the check below covers it.
    expect(everything).toMatch(/"tagName":"a","attributes":\{[^}]*mp-block[^}]*"rr_width"/);
    for (const secret of [entry, 'Secret garden party', inviteToken]) {
      expect(everything).not.toContain(secret);
    }
  });
  it('track an entry written offline once, as queued, when the person acts (no text)', async () => {
    const owner = await signedIn({ firstName: 'Pia' });
    const moment = await newMoment(owner.client, { title: 'No signal here' });
    const page = await newPage();
    const token = await withOwnToken(page);
    await signInAndReachHome(page, owner.user.phoneNumber);
    await page.goto(`/journals/${moment.id}`);
    await page.getByText('No entries yet.').waitFor();
    await waitForReceived(token, (r) =>
      events(r).some((e) => e.properties.path === `/journals/${moment.id}`),
    );

    await page.context().setOffline(true);
    const entry = 'offline-entry-text-5521';
    await page.getByRole('textbox', { name: 'Add to this memory' }).fill(entry);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Waiting to send').waitFor();
    await page.context().setOffline(false);
    await expect.poll(() => page.getByText('Waiting to send').count(), { timeout: 60_000 }).toBe(0);

    // The event waited in the library's queue while offline and went once the network was back.
    await waitForQueuesEmpty(page, token);
    const all = await waitForReceived(token, (r) => names(r).includes('entry_posted'));
    const posted = events(all).filter((e) => e.event === 'entry_posted');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.properties).toMatchObject({
      journal_id: moment.id,
      on_photo: false,
      queued: true,
    });
    expect(JSON.stringify(all)).not.toContain(entry);
  });

  it('track the subscription funnel by flow and plan: viewed, checkout started, cancelled, succeeded', async () => {
    const person = await createUser({ firstName: 'Sam', lastName: 'Subscriber' });
    const page = await newPage();
    const token = await withOwnToken(page);
    await signInAndReachHome(page, person.phoneNumber);
    await page.goto('/subscribe?flow=account');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    // A declined card, then back: cancelled. Then a card that pays: succeeded.
    await payWithCard(page, TEST_CARDS.declined);
    await page.getByRole('link', { name: 'Back to Moments' }).click();
    await page.waitForURL('**/subscribe?checkout=cancelled&flow=account');
    await page.getByRole('radio', { name: /Monthly/ }).check();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await payWithCard(page, TEST_CARDS.pays);
    await page.waitForURL(/\/subscribe\?checkout=success&flow=account&session_id=cs_/);
    const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';
    await page.waitForURL('**/profile', { timeout: 30_000 });

    await waitForQueuesEmpty(page, token);
    const all = await waitForReceived(token, (r) =>
      names(r).includes('subscription_checkout_succeeded'),
    );
    // The provider keeps one event per $insert_id: a batch sent as the page leaves for Checkout
    // (a beacon, which has no answer) is sent again when the person is back.
    const once = new Map(events(all).map((e) => [e.properties.$insert_id, e]));
    // In the order they happened, as the provider shows them: an event tracked just before the
    // page left for Checkout is sent by the next page, with the time it was made.
    const funnel = [...once.values()]
      .filter((e) => e.event.startsWith('subscription_'))
      .sort((a, b) => Number(a.properties.time) - Number(b.properties.time))
      .map((e) => ({ event: e.event, flow: e.properties.flow, period: e.properties.period }));
    expect(funnel).toEqual([
      { event: 'subscription_viewed', flow: 'account', period: undefined },
      { event: 'subscription_checkout_started', flow: 'account', period: 'yearly' },
      { event: 'subscription_checkout_cancelled', flow: 'account', period: undefined },
      { event: 'subscription_checkout_started', flow: 'account', period: 'monthly' },
      { event: 'subscription_checkout_succeeded', flow: 'account', period: undefined },
    ]);
    // Stripe's ids (the Checkout session in the return address) never leave for analytics.
    expect(sessionId).toMatch(/^cs_/);
    expect(JSON.stringify(all)).not.toContain(sessionId);
  }, 150_000);
});

describe('session replay', () => {
  it('with a 100 % sample reaches record/ with its ids, never typed input, and no images', async () => {
    const owner = await signedIn({ firstName: 'Rui' });
    const moment = await newMoment(owner.client, { title: 'Replay test' });
    const page = await newPage();
    const token = await withOwnToken(page, { recordSessionsPercent: 100 });
    await signInAndReachHome(page, owner.user.phoneNumber);
    await page.goto(`/journals/${moment.id}`);
    const typed = 'typed-but-never-posted-8812';
    const input = page.getByRole('textbox', { name: 'Add to this memory' });
    await input.fill(typed);
    // A batch goes only when something was recorded since the last: type again once the first
    // has gone (on a loaded machine the recording can start after the first typing).
    await waitForReceived(token, (r) => r.some((req) => req.endpoint === 'record'), 60_000);
    await input.fill(`${typed}-again`);

    const requests = await waitForReceived(
      token,
      (r) => r.filter((req) => req.endpoint === 'record').length >= 2,
      60_000,
    );
    const replays = requests.filter((r) => r.endpoint === 'record');
    const first = replays[0]!;
    expect(first.gzip).toBe(true);
    expect(first.query).toMatchObject({
      replay_id: expect.any(String),
      seq: '0',
      distinct_id: owner.user.uid,
      replay_length_ms: expect.stringMatching(/^\d+$/),
    });
    expect(replays[1]?.query.seq).toBe('1');
    expect(replays[1]?.query.replay_id).toBe(first.query.replay_id);
    // The first batch holds a full snapshot of the page.
    expect(first.items.some((e) => e.type === 2)).toBe(true);
    const bodies = JSON.stringify(replays.map((r) => r.items));
    expect(bodies).not.toContain(typed);
    expect(bodies).not.toMatch(/"src":"[^"]*\/api\/journals\//);
  });
});

describe('when nothing may be sent', () => {
  /**
   * Signs in and opens My Account (a new page load); once the app has said analytics are off
   * there, the library is never loaded in that page, so what has reached the collector by then
   * is all there will be.
   */
  async function expectNothingSent(page: Page, phoneNumber: string) {
    const sent = collectorRequests(page);
    await signInAndReachHome(page, phoneNumber);
    const decided = analyticsOffLogged(page);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Privacy' }).waitFor();
    await decided;
    expect(sent).toEqual([]);
  }

  for (const [label, answer] of [
    ['answers 500', { status: 500, body: '{"message":"down"}' }],
    [
      'has no token',
      { status: 200, body: '{"token":null,"apiHost":null,"recordSessionsPercent":0}' },
    ],
  ] as const) {
    it(`sends nothing and the app works when the configuration ${label}`, async () => {
      const person = await createUser();
      const page = await newPage();
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await page.context().route('**/api/config/analytics', (route) =>
        route.fulfill({
          status: answer.status,
          contentType: 'application/json',
          body: answer.body,
        }),
      );
      await expectNothingSent(page, person.phoneNumber);
      expect(scripts.some((url) => /\/client-[^/]+\.js$/.test(url))).toBe(false);
    });
  }

  it('gives up on a configuration that takes more than 3 s, and the app works', async () => {
    const person = await createUser();
    const page = await newPage();
    let givenUp = 0;
    page.on('console', (m) => {
      if (m.type() === 'warning' && m.text().includes('Analytics are off')) givenUp++;
    });
    // Each configuration request is held until the page has given up on it.
    await page.context().route('**/api/config/analytics', async (route) => {
      const before = givenUp;
      while (givenUp === before && !page.isClosed()) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await route.abort().catch(() => undefined);
    });
    await expectNothingSent(page, person.phoneNumber);
    expect(givenUp).toBeGreaterThan(0);
  });

  it('sends nothing when the browser sends Global Privacy Control', async () => {
    const person = await createUser();
    const page = await newPage();
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    const token = await withOwnToken(page, { recordSessionsPercent: 100 });
    await expectNothingSent(page, person.phoneNumber);
    expect(await page.getByRole('switch', { name: 'Share usage data' }).isDisabled()).toBe(true);
    expect(await received(token)).toEqual([]);
  });

  it('sends nothing for a person who turned "Share usage data" off, and stops at once when turned off', async () => {
    const person = await createUser();
    const page = await newPage();
    const token = await withOwnToken(page, { recordSessionsPercent: 100 });
    await signInAndReachHome(page, person.phoneNumber);
    await page.goto('/profile');
    const toggle = page.getByRole('switch', { name: 'Share usage data' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expectAccessible(page);
    await waitForReceived(token, (r) => r.some((req) => req.endpoint === 'record'), 30_000);

    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect
      .poll(async () => (await adminDb.doc(`users/${person.uid}`).get()).get('shareUsageData'))
      .toBe(false);
    // The library has opted out (it keeps that in local storage) and dropped its queues.
    await expect
      .poll(() => storage(page, `__mp_opt_in_out_${token}`), { timeout: 30_000 })
      .toBe('0');
    const optedOutAt = Date.now();

    // A new page load decides at once that analytics stay off for this person.
    const decided = analyticsOffLogged(page);
    await page.goto('/home');
    await page.getByRole('tab', { name: 'Shared' }).waitFor();
    await decided;
    // Nothing that happened after the opt-out ever left the browser: no event, no replay.
    const times = (await received(token)).flatMap((r) =>
      r.items.map((item) =>
        r.endpoint === 'record'
          ? (item.timestamp as number)
          : r.endpoint === 'track'
            ? (item.properties as { time: number }).time * 1000
            : 0,
      ),
    );
    expect(times.length).toBeGreaterThan(0);
    expect(times.filter((t) => t > optedOutAt)).toEqual([]);
  });
});
