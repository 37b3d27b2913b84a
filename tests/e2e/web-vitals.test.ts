// Field data (issue 43): a page load's Web Vitals reach the analytics collector (its local
// stand-in) as `web_vital` events with the page's route and what each metric is attributed to,
// and never when the person turned "Share usage data" off.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsOffLogged,
  events,
  received,
  waitForReceived,
  withOwnToken,
} from '../support/analytics';
import { signInThroughUi, useBrowser } from '../support/browser';
import { adminDb } from '../support/emulators';
import { newMoment, signedIn, type SignedIn } from '../support/moments';
import { uploadPhoto } from '../support/photos';

const { newPage } = useBrowser();
/** The web-vitals library's chunk (its attribution build). */
const VITALS_CHUNK = /\/assets\/(attribution|web-vitals)[^/]*\.js$/;

let maya: SignedIn;

beforeAll(async () => {
  maya = await signedIn({ firstName: 'Maya', lastName: 'Vitals' });
  const moment = await newMoment(maya.client, { title: 'Vitals' });
  expect((await uploadPhoto(maya.client, moment.id)).status).toBe(201);
}, 60_000);

/** The page as a phone leaves it: web-vitals reports LCP and CLS (and INP) when it is hidden. */
function hide(page: Page) {
  return page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/**
 * Waits until the browser has recorded the page's first input and the page has been idle twice
 * since: the library reads a new interaction at an idle moment, and one read only once the page
 * is hidden is left out of the report it sends then.
 */
async function interactionHandled(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve())),
      ),
  );
}

/** Whether `target` names the page's largest paint as the browser recorded it. */
function largestPaintNamedBy(page: Page, target: string): Promise<boolean> {
  return page.evaluate(
    (selector) =>
      new Promise<boolean>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as
            (PerformanceEntry & { element: Element | null; id: string }) | undefined;
          if (!last) resolve(false);
          else if (last.element?.isConnected) resolve(last.element.matches(selector));
          else resolve(last.id !== '' && selector === `#${last.id}`);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
    target,
  );
}

/** The web_vital events of /home's loads (signing in on /auth, a load of its own, has its own). */
const vitals = (requests: Awaited<ReturnType<typeof received>>) =>
  events(requests).filter((e) => e.event === 'web_vital' && e.properties.route === 'home');

describe('Web Vitals', () => {
  it("reach the collector with the page's route and their attribution", async () => {
    const page = await newPage();
    const token = await withOwnToken(page, { webVitalsPercent: 100 });
    await signInThroughUi(page, maya.user.phoneNumber);
    await page.waitForURL('**/home');

    // A load of its own, reported once analytics run (after the page has settled).
    const library = page.waitForRequest(VITALS_CHUNK, { timeout: 60_000 });
    await page.goto('/home');
    await page.getByTestId('moment-card').first().waitFor();
    await library;
    await waitForReceived(token, (r) =>
      ['FCP', 'TTFB'].every((metric) => vitals(r).some((e) => e.properties.metric === metric)),
    );
    // A press: the page's first input, which ends the largest paint's search and which the
    // library reports as INP whatever its duration. It leaves the page's first screen in place.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).waitFor();
    await interactionHandled(page);
    await hide(page);

    const arrived = await waitForReceived(token, (r) =>
      ['LCP', 'CLS', 'INP'].every((metric) =>
        vitals(r).some((e) => e.properties.metric === metric),
      ),
    );
    const byMetric = new Map(vitals(arrived).map((e) => [e.properties.metric, e.properties]));
    for (const metric of ['LCP', 'INP', 'CLS', 'FCP', 'TTFB']) {
      const report = byMetric.get(metric);
      expect(report?.route).toBe('home');
      expect(['good', 'needs-improvement', 'poor']).toContain(report?.rating);
      expect(typeof report?.value).toBe('number');
      // The person's own id, as every event of theirs.
      expect(report?.distinct_id).toBe(maya.user.uid);
    }
    // The largest paint's element, as the browser recorded it: a selector that matches it, or,
    // when it has left the page (the preview drawn before the app's code, which the app
    // replaces), its id.
    const lcpTarget = String(byMetric.get('LCP')?.target);
    expect(await largestPaintNamedBy(page, lcpTarget)).toBe(true);
    // The press: a pointer interaction on the account menu's button.
    const inp = byMetric.get('INP');
    expect(inp?.interaction).toBe('pointer');
    const pressed = await page.evaluate(
      (selector) => document.querySelector(selector)?.closest('button')?.ariaLabel ?? null,
      String(inp?.target),
    );
    expect(pressed).toBe('Account menu');
  });

  it('are not measured for a person who turned "Share usage data" off', async () => {
    await adminDb.doc(`users/${maya.user.uid}`).update({ shareUsageData: false });
    try {
      const page = await newPage();
      const token = await withOwnToken(page, { webVitalsPercent: 100 });
      const chunks: string[] = [];
      page.on('request', (request) => {
        if (VITALS_CHUNK.test(request.url())) chunks.push(request.url());
      });
      await signInThroughUi(page, maya.user.phoneNumber);
      await page.waitForURL('**/home');
      // Signing in was a signed-out visit, which may report; from here on it is the person's.
      chunks.length = 0;
      const decided = analyticsOffLogged(page);
      await page.goto('/home');
      await page.getByTestId('moment-card').first().waitFor();
      await decided;
      await page.getByRole('tab', { name: 'Shared' }).click();
      await hide(page);

      expect(chunks).toEqual([]);
      expect(vitals(await received(token))).toEqual([]);
    } finally {
      await adminDb.doc(`users/${maya.user.uid}`).update({ shareUsageData: true });
    }
  });
});
