// A photo added on the moment page past the free allowance is refused (402): beside the reason
// the page offers "Get Moments Plus", which opens the upgrade flow My Account and the editor use.
import { BILLING_MESSAGES, FREE_PHOTO_ALLOWANCE } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signInThroughUi, useBrowser } from '../support/browser';
import { adminDb } from '../support/emulators';
import { newMoment, signedIn } from '../support/moments';
import { makeJpeg } from '../support/photos';

const { newPage } = useBrowser();

describe('the free photo allowance on the moment page', () => {
  it('a refused photo shows the reason with Get Moments Plus, Retry and Discard', async () => {
    const { user, client } = await signedIn({ firstName: 'Pat' });
    const moment = await newMoment(client, { title: 'Full album' });
    await adminDb.doc(`users/${user.uid}`).update({ photosStored: FREE_PHOTO_ALLOWANCE });

    const page = await newPage();
    await signInThroughUi(page, user.phoneNumber);
    await page.waitForURL('**/home');
    await page.goto(`/journals/${moment.id}`);
    await page.getByRole('heading', { name: 'Full album' }).waitFor();
    await page
      .getByLabel('Add photos')
      .setInputFiles([
        { name: 'over.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ colour: '#82e0aa' }) },
      ]);

    const refusal = page
      .getByTestId('waiting-photo')
      .getByRole('alert')
      .filter({ hasText: `Not sent: ${BILLING_MESSAGES.photoAllowanceReached}` });
    await refusal.waitFor({ timeout: 30_000 });
    const upgrade = refusal.getByRole('link', { name: 'Get Moments Plus' });
    for (const action of [
      upgrade,
      refusal.getByRole('button', { name: 'Retry' }),
      refusal.getByRole('button', { name: 'Discard' }),
    ]) {
      const box = await action.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    // Nothing was stored.
    expect((await adminDb.collection(`journals/${moment.id}/images`).get()).size).toBe(0);
    await expectAccessible(page);

    await upgrade.click();
    await page.waitForURL('**/subscribe?flow=account');
    await page.getByRole('button', { name: 'Subscribe' }).waitFor();
  });
});
