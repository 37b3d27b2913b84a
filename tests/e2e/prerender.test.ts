// The sign-in screen arrives as HTML (auth.html, made at build time): it paints before any
// script has run (the app's code is asked for only then), and the app then takes it over
// without a loading screen in between.
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  fetchedStyleSheets,
  typedPhoneNumber,
  useBrowser,
} from '../support/browser';
import { appUrl, createUser } from '../support/emulators';

const { newPage } = useBrowser();

describe('the prerendered sign-in screen', () => {
  it('is in the HTML of /auth, with its styles, and inert until the app runs', async () => {
    const res = await fetch(`${await appUrl()}/auth`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(/^<div id="root"><div inert aria-disabled="true">/);
    for (const text of [
      'Moments',
      'Sign up once. Remember forever.',
      'Send Code',
      'Sign in with Apple',
    ]) {
      expect(root).toContain(text);
    }
    // Its styles come in the head (its style sheets' rules), not beside each element, and
    // none is made at run time: every class the screen uses is defined there.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(root).not.toContain('<style');
    expect(html).not.toContain('data-emotion');
    const css = [...head.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]).join('');
    const classes = new Set(
      [...root.matchAll(/class="([^"]+)"/g)].flatMap((match) => match[1]!.split(' ')),
    );
    expect(classes.size).toBeGreaterThan(10);
    expect([...classes].filter((name) => !css.includes(`.${name}`))).toEqual([]);
    // The other addresses keep the plain loading screen: the sign-in screen is for /auth only.
    const home = await (await fetch(`${await appUrl()}/home`)).text();
    expect(home).not.toContain('Send Code');
  });

  it("paints before any of the app's code is asked for, then fetches the code its HTML names", async () => {
    const html = await (await fetch(`${await appUrl()}/auth`)).text();
    // The page's one script, the small one that asks for the code.
    const loader = /<script defer src="([^"]+)"/.exec(html)?.[1];
    expect(loader).toMatch(/^\/assets\/after-first-paint-[^/]+\.js$/);
    const page = await newPage({ serviceWorkers: 'block' });
    await page.goto('/auth');
    await expect.poll(() => page.locator('#root [inert]').count()).toBe(0);
    const { paintedAt, code } = await page.evaluate(
      (loaderPath) => ({
        paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        code: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
          .filter((entry) => new URL(entry.name).pathname !== loaderPath)
          .map((entry) => entry.startTime),
      }),
      loader,
    );
    expect(paintedAt).toBeGreaterThan(0);
    expect(code.length).toBeGreaterThan(5);
    expect(Math.min(...code)).toBeGreaterThan(paintedAt ?? Infinity);
    // Then every chunk of the first screen that the HTML names is fetched (the app's own
    // loading would find each of them only once the one importing it has run).
    const named = /data-preloads="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
    expect(named.length).toBeGreaterThan(5);
    const requested = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(requested).toEqual(expect.arrayContaining(named));
    // Its style sheets are in the HTML: none is fetched (the toasts' comes with them, later).
    expect(await fetchedStyleSheets(page)).toEqual([]);
  });

  it('shows the screen without JavaScript', async () => {
    const page = await newPage({ javaScriptEnabled: false, serviceWorkers: 'block' });
    await page.goto('/auth');
    await expect.poll(() => page.getByRole('heading', { name: 'Moments' }).isVisible()).toBe(true);
    // Inert: nothing can be typed or pressed that the app would then lose.
    expect(await page.locator('#root > div').getAttribute('inert')).toBe('');
    expect(await page.getByText('Send Code').isVisible()).toBe(true);
    // Drawn as the app draws it, by the styles in the HTML: the label above the field, the
    // example number in it, the field about as wide as the button below it.
    const phone = page.getByLabel('Phone number');
    const label = (await page.locator('label[for="phone-number"]').boundingBox())!;
    const field = (await phone.boundingBox())!;
    expect(label.y + label.height).toBeLessThanOrEqual(field.y);
    expect(await phone.getAttribute('placeholder')).toBe('(555) 123-4567');
    const button = (await page.getByRole('button', { name: 'Send Code' }).boundingBox())!;
    expect(field.width).toBeGreaterThan(button.width - 40);
  });

  it('is taken over by the app with no loading screen in between, and works', async () => {
    const page = await newPage({ serviceWorkers: 'block' });
    // Every text the page shows from its first parse on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenTexts: string[] }).seenTexts = seen;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (root) seen.push(root.innerText);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/auth');
    await expect.poll(() => page.locator('#root [inert]').count()).toBe(0);
    // The live screen puts the cursor in the phone field, and then in the code's.
    const focused = () => page.evaluate(() => document.activeElement?.id);
    await expect.poll(focused).toBe('phone-number');
    const person = await createUser({ firstName: 'Pia', lastName: 'Prerender' });
    const phone = page.getByLabel('Phone number');
    await phone.fill(typedPhoneNumber(person.phoneNumber));
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await expect.poll(focused).toBe('verification-code');
    const seen = await page.evaluate(
      () => (window as unknown as { seenTexts: string[] }).seenTexts,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((text) => text.includes('Loading...'))).toBe(false);
    await expectAccessible(page);
  });
});
