// Debian's Chromium driven by playwright-core (no browser download on these machines).
import AxeBuilder from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { appUrl, latestCode, forwardedFor, newClientAddress } from './emulators';

async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/** A phone-sized context: each has its own storage and its own client address. */
async function phoneContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: await appUrl(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'X-Forwarded-For': forwardedFor(newClientAddress()) },
    ...options,
  });
}

/**
 * The browser of a test file: one Chromium for the file, and phone-sized contexts (own storage,
 * own client address) made in a test; every context is closed after each test, passed or not.
 */
export function useBrowser(): {
  /** A page in a fresh context. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A fresh context, for a test that routes its requests, goes offline or opens several pages. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
} {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  async function newContext(options?: BrowserContextOptions) {
    if (!browser) throw new Error('useBrowser() contexts exist only inside tests.');
    const context = await phoneContext(browser, options);
    contexts.push(context);
    return context;
  }
  return {
    newContext,
    async newPage(options?: BrowserContextOptions) {
      return (await newContext(options)).newPage();
    },
  };
}

/** The national part of a +1 number, as a person types it. */
export function typedPhoneNumber(phoneNumber: string): string {
  return phoneNumber.replace(/^\+1/, '');
}

/**
 * The style sheets the page has fetched, the toasts' apart (fetched with the first toast's code):
 * none on a page whose HTML carries its first screen's styles.
 */
export async function fetchedStyleSheets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.css') && !/\/toaster-[^/]+\.css$/.test(path)),
  );
}

/** Fails the test with the list of WCAG A/AA violations on the page, if any. */
export async function expectAccessible(page: Page): Promise<void> {
  // A dialog still fading in has half-transparent text, which axe reports as low contrast.
  // (Endless ones such as spinners are skipped; a cancelled one counts as done.)
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished),
    ),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  expect(await stylesOfMuiDefaultTheme(page)).toEqual([]);
}

/**
 * The UI kit's (MUI's) style rules drawn with its default theme (blue, Roboto) instead of the
 * app's: a part drawn with MUI but reached other than through withUiKitTheme has no theme
 * above it (web/src/components/ui/with-ui-kit-theme.ts). Its contrast may still pass axe.
 */
export function stylesOfMuiDefaultTheme(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.styleSheets)
      .filter((sheet) => (sheet.ownerNode as Element | null)?.hasAttribute('data-emotion'))
      .flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText))
      .filter((css) =>
        /rgb\(25, 118, 210\)|#1976d2|font-family: "?Roboto"?, "?Helvetica/i.test(css),
      ),
  );
}

/**
 * Records every breach of the page's Content-Security-Policy (the Hosting emulator serves
 * firebase.json's headers), including a blocked attempt a library catches and ignores, which
 * the browser still reports. Call before the first navigation; read with `page`'s function.
 */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile})`),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** Signs in through the /auth page as a person would, reading the code the emulator "sent". */
export async function signInThroughUi(page: Page, phoneNumber: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Phone number').fill(typedPhoneNumber(phoneNumber));
  await page.getByRole('button', { name: 'Send Code' }).click();
  const codeInput = page.getByLabel('Verification code');
  await codeInput.waitFor();
  await codeInput.fill(await latestCode(phoneNumber));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** A new page of `context`, signed in through the /auth page and arrived on /home. */
export async function signedInPage(context: BrowserContext, phoneNumber: string): Promise<Page> {
  const page = await context.newPage();
  await signInThroughUi(page, phoneNumber);
  await page.waitForURL('**/home');
  return page;
}

/**
 * Signs in through the /auth page in a page of `context`, then closes that page: the context
 * keeps the session.
 */
export async function signInContext(context: BrowserContext, phoneNumber: string): Promise<void> {
  await (await signedInPage(context, phoneNumber)).close();
}

/** Resolves once at least `atLeast` <img> match `selector` and every one has real pixels. */
export async function imagesLoaded(page: Page, selector: string, atLeast: number) {
  await page.waitForFunction(
    ({ selector, atLeast }) => {
      const images = Array.from(document.querySelectorAll<HTMLImageElement>(selector));
      return (
        images.length >= atLeast && images.every((img) => img.complete && img.naturalWidth > 0)
      );
    },
    { selector, atLeast },
  );
}
