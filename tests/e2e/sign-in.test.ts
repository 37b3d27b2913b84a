import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  recordCspViolations,
  signInThroughUi,
  useBrowser,
} from '../support/browser';
import { createUser } from '../support/emulators';

const { newPage } = useBrowser();

describe('phone sign-in (the thin slice)', () => {
  it('signs a person in with a code and lands on /home with the empty Private state', async () => {
    const person = await createUser({ firstName: 'Nina' });
    const page = await newPage();
    const cspViolations = await recordCspViolations(page);

    await page.goto('/auth');
    await expect
      // A cold Functions emulator can keep "Loading..." up for a few seconds.
      .poll(() => page.getByText('Sign up once. Remember forever.').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await expectAccessible(page);

    await signInThroughUi(page, person.phoneNumber);
    await page.waitForURL('**/home');
    await page.getByText('No private moments found').waitFor();
    expect(
      await page.getByText('Create your first private moment to get started.').isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: 'Create New Moment' }).isVisible()).toBe(true);
    await expectAccessible(page);
    // Nothing on the way tried what the policy forbids (the browser reports even a caught
    // attempt, such as a validation library probing whether it may compile code).
    expect(await cspViolations()).toEqual([]);

    // The session survives a reload (cookie + Firebase client persistence).
    await page.reload();
    await page.getByText('No private moments found').waitFor();
  });

  it('sends a signed-out visitor of a protected page to /auth', async () => {
    const page = await newPage();
    await page.goto('/home');
    await page.waitForURL('**/auth');
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe('/home');
  });

  it('shows "404 Page Not Found" for an unknown path', async () => {
    const page = await newPage();
    await page.goto('/no/such/page');
    await page.getByText('404 Page Not Found').waitFor();
    await expectAccessible(page);
  });
});
