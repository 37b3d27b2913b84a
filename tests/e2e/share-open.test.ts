// A moment page's Share opens its dialog from the page's own state (issue 43): the press draws
// the dialog (or its frame while the code arrives) in its own task, without a change of address
// rendering the page again; `?openShareModal=true` still opens it, and closing it then takes the
// parameter off the address.
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useBrowser } from '../support/browser';
import { newMoment, signedIn, type SignedIn } from '../support/moments';

const { newContext } = useBrowser();
const title = 'Share at once';
let owner: SignedIn;
let momentId: string;

beforeAll(async () => {
  owner = await signedIn({ firstName: 'Sia', lastName: 'Share' });
  momentId = (await newMoment(owner.client, { title })).id;
}, 60_000);

async function momentPage(search = '') {
  const page = await signedInPage(await newContext(), owner.user.phoneNumber);
  await page.goto(`/journals/${momentId}${search}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  return page;
}

describe("a moment's Share", () => {
  it('draws the dialog in the task of the press, and leaves the address as it was', async () => {
    const page = await momentPage();
    const address = page.url();

    const drawnInPress = await page.evaluate(async () => {
      const share = Array.from(document.querySelectorAll('button')).find(
        (button) => button.textContent === 'Share',
      );
      share?.click();
      // React renders a press's update in a microtask of the press's task; a change of address
      // would render in a later task.
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      return document.querySelector('[role="dialog"]') !== null;
    });
    expect(drawnInPress).toBe(true);

    const dialog = page.getByRole('dialog', { name: `Share "${title}"` });
    await dialog.getByText('Sia Share (you)').waitFor();
    expect(page.url()).toBe(address);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Opens again after being closed.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(address);
  });

  it('opens from ?openShareModal=true, and closing it takes the parameter off the address', async () => {
    const page = await momentPage('?openShareModal=true');
    const dialog = page.getByRole('dialog', { name: `Share "${title}"` });
    await dialog.getByText('Sia Share (you)').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // Reloaded, the address no longer asks for it.
    await page.reload();
    await page.getByRole('button', { name: 'Share', exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
