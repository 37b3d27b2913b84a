// The update-notice protocol: with build A installed, build B is served; B's worker announces
// itself with UPDATE_AVAILABLE and its version, answers GET_VERSION over a MessageChannel, and
// the toast offers "Update Now", which brings B in.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { signInThroughUi, useBrowser } from '../support/browser';
import { createUser } from '../support/emulators';

const SW_FILE = join(import.meta.dirname, '..', '..', 'web', 'dist-test', 'sw.js');
const original = readFileSync(SW_FILE, 'utf8');

afterEach(() => {
  writeFileSync(SW_FILE, original);
});

/** GET_VERSION over a MessageChannel to the active (or waiting) worker. */
function askVersion(page: Page, which: 'active' | 'waiting'): Promise<unknown> {
  return page.evaluate(async (which) => {
    const registration = await navigator.serviceWorker.getRegistration();
    const worker = registration?.[which];
    if (!worker) return null;
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      worker.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
    });
  }, which);
}

const { newPage } = useBrowser();

describe('update notice', () => {
  it('announces build B with its version, answers GET_VERSION, and Update Now brings it in', async () => {
    const person = await createUser({ firstName: 'Ana', lastName: 'Update' });
    const page = await newPage();
    await page.clock.install();
    await signInThroughUi(page, person.phoneNumber);
    await page.waitForURL('**/home');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await page.goto('/profile');
    const versionA = ((await askVersion(page, 'active')) as { version: string }).version;
    expect(versionA).toBeTruthy();
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe(versionA);
    await page.evaluate(() => {
      const seen: unknown[] = [];
      Object.assign(window, { __workerMessages: seen });
      navigator.serviceWorker.addEventListener('message', (event) => seen.push(event.data));
    });

    // Build B is deployed; the app's own check runs a minute after start.
    const versionB = `${versionA}-b`;
    expect(original.includes(versionA)).toBe(true);
    writeFileSync(SW_FILE, original.split(versionA).join(versionB));
    expect(await page.getByText('Update available').count()).toBe(0);
    await page.clock.fastForward(61_000);

    await expect
      .poll(
        () => page.evaluate(() => (window as { __workerMessages?: unknown[] }).__workerMessages),
        {
          timeout: 30_000,
        },
      )
      .toContainEqual({ type: 'UPDATE_AVAILABLE', version: versionB });
    await expect
      .poll(() => askVersion(page, 'waiting'), { timeout: 30_000 })
      .toEqual({ version: versionB });
    expect(await askVersion(page, 'active')).toEqual({ version: versionA });

    await page.getByText('Update available', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Update Now' }).click();
    await page.waitForEvent('load');
    await expect
      .poll(() => page.getByTestId('app-version').textContent(), { timeout: 20_000 })
      .toBe(versionB);
    expect(await askVersion(page, 'active')).toEqual({ version: versionB });
  });
});
