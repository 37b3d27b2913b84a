// "Delete my account" in My Account, end to end: the dialog (consequences, choices, a fresh
// code) passes axe, and afterwards nothing in Firestore, Auth or the bucket names the person.
import { FORMER_MEMBER_NAME } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { documentsNaming } from '../support/account-deletion';
import { ApiClient } from '../support/api';
import { expectAccessible, signInThroughUi, useBrowser } from '../support/browser';
import { adminAuth, adminDb, createUser, latestCode } from '../support/emulators';
import { addContributor, newMoment, signedIn } from '../support/moments';
import { storedObjects, uploadPhoto } from '../support/photos';

const { newPage } = useBrowser();

describe('Delete my account', () => {
  it('deletes the account after the consequences and a fresh code, keeping entries as chosen', async () => {
    const person = await createUser({ firstName: 'Lena', lastName: 'Leaving' });
    // Their own moment with a photo, and an entry in a friend's moment (through the API).
    const api = new ApiClient();
    expect((await api.signIn(person.phoneNumber)).status).toBe(200);
    const own = await newMoment(api, { title: 'My garden' });
    expect((await uploadPhoto(api, own.id)).status).toBe(201);
    const friend = await signedIn({ firstName: 'Fay' });
    const theirs = await newMoment(friend.client, { title: 'Road trip' });
    await addContributor(theirs.id, person);
    const entry = await api.post<{ id: string }>(`/api/journals/${theirs.id}/comments`, {
      text: 'Best trip ever',
    });
    expect(entry.status).toBe(201);

    const page = await newPage();
    await signInThroughUi(page, person.phoneNumber);
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();

    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await expectAccessible(page);
    await dialog.getByLabel(`Keep them, shown as by “${FORMER_MEMBER_NAME}”`).check();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const code = dialog.getByLabel('Verification code');
    await code.waitFor();
    await expectAccessible(page);
    // A wrong code is refused in the dialog, and nothing is deleted.
    const right = await latestCode(person.phoneNumber);
    await code.fill(right === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('alert').getByText('That code is not right').waitFor();
    expect((await adminDb.doc(`users/${person.uid}`).get()).exists).toBe(true);

    await code.fill(right);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/auth');
    await page.getByText('Your account has been deleted', { exact: true }).waitFor();

    // The friend's moment keeps the entry, by "A former member"; nothing else names them.
    const kept = await adminDb.doc(`journals/${theirs.id}/comments/${entry.body.id}`).get();
    expect(kept.get('user')).toMatchObject({ firstName: FORMER_MEMBER_NAME, lastName: null });
    expect((await adminDb.doc(`journals/${theirs.id}`).get()).get('memberIds')).toEqual([
      friend.user.uid,
    ]);
    expect(await documentsNaming(person.uid, person.phoneNumber)).toEqual([
      `journals/${theirs.id}/comments/${entry.body.id} (userId)`,
    ]);
    expect((await adminDb.doc(`journals/${own.id}`).get()).exists).toBe(false);
    expect(await storedObjects(`journals/${own.id}/`)).toEqual([]);
    await expect(adminAuth.getUser(person.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect((await api.get('/api/user')).status).toBe(401);
  });
});
