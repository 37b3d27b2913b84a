import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INVITE_MESSAGES } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  signInThroughUi,
  typedPhoneNumber,
  useBrowser,
} from '../support/browser';
import {
  adminDb,
  appUrl,
  createUser,
  latestCode,
  newPhoneNumber,
  type TestUser,
} from '../support/emulators';
import { addContributor, newMoment, signedIn } from '../support/moments';
import { uploadPhoto } from '../support/photos';
import { createInviteLink, inviteDoc, invitePath, tokenOf } from '../support/sharing';

const { newPage } = useBrowser();
/** "(650) 555-0101", as the app shows a +1 number. */
const shown = (phoneNumber: string) =>
  phoneNumber.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');

async function signIn(page: Page, person: TestUser) {
  await signInThroughUi(page, person.phoneNumber);
  await page.waitForURL('**/home');
}

/** The home card of a moment on the Shared tab. */
async function sharedCard(page: Page, title: string) {
  await page.goto('/home');
  await page.getByRole('tab', { name: 'Shared' }).click();
  const card = page.getByTestId('moment-card').filter({ hasText: title });
  await card.waitFor();
  return card;
}

async function expectToast(page: Page, title: string) {
  await page.getByText(title, { exact: true }).waitFor();
}

/** Opens a link's preview page and presses the join button. */
async function openAndJoin(page: Page, url: string, title: string) {
  await page.goto(invitePath(url));
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByRole('button', { name: 'Join this moment' }).click();
}

describe('sharing a moment by link', () => {
  it('a targeted link made in the share dialog brings a new person in through phone, code and profile', async () => {
    const owner = await signedIn({ firstName: 'Olive', lastName: 'Owner' });
    const title = 'Lake weekend';
    const journal = await newMoment(owner.client, { title });
    expect((await uploadPhoto(owner.client, journal.id)).status).toBe(201);

    // The owner makes a link for one new number in the share dialog.
    const ownerPage = await newPage();
    await ownerPage
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: await appUrl() });
    await signIn(ownerPage, owner.user);
    await ownerPage.goto(`/journals/${journal.id}?openShareModal=true`);
    const dialog = ownerPage.getByRole('dialog', { name: `Share "${title}"` });
    await dialog.getByText('Olive Owner (you)').waitFor();
    await dialog.getByText('No pending invites.').waitFor();
    await expectAccessible(ownerPage);

    const inviteeNumber = newPhoneNumber();
    await dialog.getByLabel('Only one person (by phone number)').check();
    await dialog.getByRole('button', { name: 'Create invite link' }).click();
    await dialog.getByText('Please enter a valid phone number in E.164 format').waitFor();
    await dialog.getByLabel('Their phone number').fill(typedPhoneNumber(inviteeNumber));
    await dialog.getByRole('button', { name: 'Create invite link' }).click();
    const linkField = dialog.getByRole('textbox', { name: 'Invite link' });
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByText(`Only ${shown(inviteeNumber)} can join with this link`).waitFor();
    const sms = await dialog
      .getByRole('link', { name: 'Send as text message' })
      .getAttribute('href');
    expect(sms?.startsWith(`sms:${inviteeNumber}?&body=`)).toBe(true);
    expect(decodeURIComponent(sms?.split('&body=')[1] ?? '')).toContain(link);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expectToast(ownerPage, 'Link copied');
    expect(await ownerPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const pending = dialog.getByTestId('pending-invite');
    await expect.poll(() => pending.allTextContents(), { timeout: 15_000 }).toHaveLength(1);
    expect(await pending.first().textContent()).toContain(shown(inviteeNumber));
    await expectAccessible(ownerPage);
    await ownerPage.screenshot({ path: join(tmpdir(), 'sharing-dialog.png'), fullPage: true });

    // The invitee, signed out, opens the link: the preview shows only title, inviter, cover.
    const page = await newPage();
    const token = tokenOf(link);
    const foreign: string[] = [];
    const origin = new URL(await appUrl()).origin;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin && !['data:', 'blob:'].includes(url.protocol)) {
        foreign.push(`${request.url()} referer=${request.headers()['referer'] ?? ''}`);
      }
    });
    await page.goto(invitePath(link));
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('Invited by Olive Owner').waitFor();
    const cover = page.getByRole('img', { name: `Cover photo of ${title}` });
    await expect
      .poll(
        () => cover.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');
    // Nothing of the moment beyond that: no photos of it, no entries, no members.
    expect(await page.getByRole('img').count()).toBe(1);
    expect(foreign).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: join(tmpdir(), 'sharing-preview.png'), fullPage: true });

    // Phone, code (a targeted link is verified), profile.
    await page.getByRole('button', { name: 'Join this moment' }).click();
    await page.waitForURL('**/auth?**');
    expect(page.url()).not.toContain(token);
    await page.getByRole('heading', { name: "Join Olive Owner's Journal" }).waitFor();
    await page.getByText('Invited by Olive Owner').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Please enter a valid phone number', { exact: true }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Phone number').fill(typedPhoneNumber(inviteeNumber));
    await page.getByRole('button', { name: 'Continue' }).click();
    const codeInput = page.getByLabel('Verification code');
    await codeInput.waitFor();
    await expectAccessible(page);
    await codeInput.fill(await latestCode(inviteeNumber));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel('First name').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: join(tmpdir(), 'sharing-invite-profile.png'), fullPage: true });
    // Only the first name is required; the recovery email is kept.
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Email (optional)').fill('ivy@example.com');
    const processing = page.getByText('Processing...', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Complete & View Journal' }).click();
    await processing;
    await page.waitForURL(`**/journals/${journal.id}`);
    await expectToast(page, 'Invite accepted!');
    await page.getByText('The shared journal has been added to your collection.').first().waitFor();
    expect(foreign.filter((line) => line.includes(token))).toEqual([]);

    // The link was for one person: it is used up.
    const used = await inviteDoc(token).get();
    expect(used.get('status')).toBe('accepted');
    const ivy = await adminDb.doc(`users/${String(used.get('usedByUserId'))}`).get();
    expect(ivy.data()).toMatchObject({
      firstName: 'Ivy',
      lastName: null,
      email: 'ivy@example.com',
    });

    // Both see the moment in Shared, with the other's avatar.
    const inviteeCard = await sharedCard(page, title);
    await inviteeCard.getByText('OO', { exact: true }).waitFor();
    const ownerCard = await sharedCard(ownerPage, title);
    await ownerCard.getByText('I', { exact: true }).waitFor();

    // The invitee's entry reaches the owner's open moment page live, without a reload.
    await ownerPage.goto(`/journals/${journal.id}`);
    await ownerPage.getByPlaceholder('Add to this memory...').waitFor();
    await page.goto(`/journals/${journal.id}`);
    await page.getByPlaceholder('Add to this memory...').fill('Hello from Ivy');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Entry added');
    await ownerPage.getByText('Hello from Ivy').waitFor();
    await ownerPage.getByText('Ivy', { exact: true }).first().waitFor();
  });

  it('a link for anyone lets a new person in with phone and profile only', async () => {
    const owner = await signedIn({ firstName: 'Olive', lastName: 'Owner' });
    const title = 'Family picnic';
    const journal = await newMoment(owner.client, { title });
    const link = await createInviteLink(owner.client, journal.id);

    const page = await newPage();
    await openAndJoin(page, link.url, title);
    await page.getByRole('heading', { name: "Join Olive Owner's Journal" }).waitFor();
    const number = newPhoneNumber();
    await page.getByLabel('Phone number').fill(typedPhoneNumber(number));
    await page.getByRole('button', { name: 'Continue' }).click();
    // No code: straight to the profile; the last name is optional.
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('Verification code').count()).toBe(0);
    await page.getByText('Step 3 of 3').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Complete & View Journal' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByLabel('Email (optional)').fill('not-an-email');
    await page.getByLabel('First name').fill('Nina');
    await page.getByRole('button', { name: 'Complete & View Journal' }).click();
    await page.getByText('Please enter a valid email').waitFor();
    await page.getByLabel('Email (optional)').fill('');
    await page.getByRole('button', { name: 'Complete & View Journal' }).click();
    await page.waitForURL(`**/journals/${journal.id}`);
    await expectToast(page, 'Invite accepted!');
    await page.getByRole('heading', { name: title }).waitFor();

    // A link for anyone stays usable for the next person.
    expect((await inviteDoc(tokenOf(link.url)).get()).get('status')).toBe('pending');
  });

  it('a signed-in person accepts a link at once; opening it again says they are already in', async () => {
    const owner = await signedIn({ firstName: 'Olive', lastName: 'Owner' });
    const title = 'Graduation';
    const journal = await newMoment(owner.client, { title });
    const link = await createInviteLink(owner.client, journal.id);
    const carol = await createUser({ firstName: 'Carol', lastName: 'Member' });

    const page = await newPage();
    await signIn(page, carol);
    await page.goto(invitePath(link.url));
    await page.getByText('You are signed in as Carol Member.', { exact: false }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Join this moment' }).click();
    await page.waitForURL(`**/journals/${journal.id}`);
    await expectToast(page, 'Invite accepted!');
    await sharedCard(page, title);

    await openAndJoin(page, link.url, title);
    await page.waitForURL('**/invite-success?**');
    await page.getByText(INVITE_MESSAGES.alreadyMember).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'View Journal' }).click();
    await page.waitForURL(`**/journals/${journal.id}`);

    // A token in the auth page's URL is accepted for a signed-in person too,
    // who then goes to /home, where the moment is in Shared.
    const other = await newMoment(owner.client, { title: 'Second moment' });
    const second = await createInviteLink(owner.client, other.id);
    await page.goto(
      `/auth?message=journal-invite&journalId=${other.id}&inviteToken=${tokenOf(second.url)}`,
    );
    await page.waitForURL('**/home');
    await expectToast(page, 'Invite accepted!');
    await sharedCard(page, 'Second moment');
  });

  it("refuses a link meant for another number, and lets that number's owner in with a code", async () => {
    const owner = await signedIn({ firstName: 'Olive', lastName: 'Owner' });
    const title = 'Only for Alice';
    const journal = await newMoment(owner.client, { title });
    const alice = await createUser({ firstName: 'Alice', lastName: 'Right' });
    const bob = await createUser({ firstName: 'Bob', lastName: 'Wrong' });
    const link = await createInviteLink(owner.client, journal.id, alice.phoneNumber);

    const bobPage = await newPage();
    await signIn(bobPage, bob);
    await openAndJoin(bobPage, link.url, title);
    await bobPage.getByText(INVITE_MESSAGES.wrongPerson).waitFor();
    await expectAccessible(bobPage);
    expect((await adminDb.doc(`journals/${journal.id}`).get()).get('memberIds')).not.toContain(
      bob.uid,
    );

    // Alice, signed out, has an account: she gets a code, verifies and lands in the moment.
    const page = await newPage();
    await openAndJoin(page, link.url, title);
    await page.getByLabel('Phone number').fill(typedPhoneNumber(alice.phoneNumber));
    await page.getByRole('button', { name: 'Continue' }).click();
    const codeInput = page.getByLabel('Verification code');
    await codeInput.waitFor();
    await codeInput.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByText('The verification code is incorrect or has expired. Please try again.')
      .first()
      .waitFor();
    await codeInput.fill(await latestCode(alice.phoneNumber));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`**/journals/${journal.id}`);
    await expectToast(page, 'Invite accepted!');
  });

  it('refuses revoked, expired and unknown links with clear messages', async () => {
    const owner = await signedIn({ firstName: 'Olive', lastName: 'Owner' });
    const title = 'Old links';
    const journal = await newMoment(owner.client, { title });
    const older = await createInviteLink(owner.client, journal.id);
    const newer = await createInviteLink(owner.client, journal.id);

    // The owner revokes the newer link (listed first) in the share dialog.
    const ownerPage = await newPage();
    await signIn(ownerPage, owner.user);
    await ownerPage.goto(`/journals/${journal.id}?openShareModal=true`);
    const pending = ownerPage.getByTestId('pending-invite');
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(2);
    await pending
      .first()
      .getByRole('button', { name: 'Revoke invite: Anyone with the link' })
      .click();
    await expectToast(ownerPage, 'Invite link revoked');
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(1);
    expect((await inviteDoc(tokenOf(newer.url)).get()).get('status')).toBe('revoked');

    // The older one runs out.
    await inviteDoc(tokenOf(older.url)).update({
      expiresAt: Timestamp.fromMillis(Date.now() - 60_000),
    });

    const page = await newPage();
    await page.goto(invitePath(newer.url));
    await page.getByText(INVITE_MESSAGES.revoked).waitFor();
    await page.getByRole('heading', { name: 'This invite cannot be used' }).waitFor();
    await expectAccessible(page);
    expect(await page.getByText(title).count()).toBe(0);
    await page.goto(invitePath(older.url));
    await page.getByText(INVITE_MESSAGES.expired).waitFor();
    await page.goto('/invite-preview/NoSuchTokenAtAll0123456789');
    await page.getByText(INVITE_MESSAGES.notFound).waitFor();
  });

  it('the owner removes a member, who can then neither open the moment nor fetch its photos', async () => {
    const owner = await signedIn({ firstName: 'Olive', lastName: 'Owner' });
    const title = 'Ski trip';
    const journal = await newMoment(owner.client, { title });
    expect((await uploadPhoto(owner.client, journal.id)).status).toBe(201);
    const cora = await createUser({ firstName: 'Cora', lastName: 'Contributor' });
    await addContributor(journal.id, cora);

    const coraPage = await newPage();
    await signIn(coraPage, cora);
    await coraPage.goto(`/journals/${journal.id}`);
    const photo = coraPage.getByRole('img', { name: `${title}, photo 1 of 1` }).first();
    await photo.waitFor();
    const src = (await photo.getAttribute('src')) ?? '';
    expect(src).toContain('/api/journals/');
    const fetchStatus = () =>
      coraPage.evaluate(async (url) => (await fetch(url, { cache: 'no-store' })).status, src);
    expect(await fetchStatus()).toBe(200);

    // A contributor sees the people but may not remove anyone.
    await coraPage.getByRole('button', { name: 'Share' }).click();
    const coraDialog = coraPage.getByRole('dialog', { name: `Share "${title}"` });
    await coraDialog.getByText('Cora Contributor (you)').waitFor();
    expect(await coraDialog.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

    const ownerPage = await newPage();
    await signIn(ownerPage, owner.user);
    await ownerPage.goto(`/journals/${journal.id}?openShareModal=true`);
    const dialog = ownerPage.getByRole('dialog', { name: `Share "${title}"` });
    const coraRow = dialog.getByTestId('member').filter({ hasText: 'Cora Contributor' });
    await coraRow.getByText('Contributor', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Remove Cora Contributor' }).click();
    const confirm = ownerPage.getByRole('dialog', { name: 'Remove Cora Contributor?' });
    // Checked once faded in: half-transparent text would fail the contrast check.
    await expect
      .poll(() => confirm.evaluate((el) => getComputedStyle(el.parentElement ?? el).opacity), {
        timeout: 5000,
      })
      .toBe('1');
    await expectAccessible(ownerPage);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectToast(ownerPage, 'Removed from this moment');
    await expect.poll(() => coraRow.count(), { timeout: 15_000 }).toBe(0);

    expect(await fetchStatus()).not.toBe(200);
    await coraPage.goto(`/journals/${journal.id}`);
    await coraPage.getByText('This moment could not be found.').waitFor();
    await coraPage.goto('/home');
    await coraPage.getByRole('tab', { name: 'Shared' }).click();
    await coraPage.getByText('No shared moments yet').waitFor();
  });

  it('a contributor leaves: "Leave Moment" on the home card, and from the share dialog', async () => {
    const owner = await signedIn({ firstName: 'Olive', lastName: 'Owner' });
    const first = await newMoment(owner.client, { title: 'Leave from the card' });
    const second = await newMoment(owner.client, { title: 'Leave from the dialog' });
    const cora = await createUser({ firstName: 'Cora', lastName: 'Contributor' });
    await addContributor(first.id, cora);
    await addContributor(second.id, cora);

    const page = await newPage();
    await signIn(page, cora);
    const card = await sharedCard(page, 'Leave from the card');
    await card.getByRole('button', { name: 'Moment options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave Moment' });
    await dialog.getByText('You did not create this moment, so it will not be deleted').waitFor();
    // The menu fades out as the dialog opens: check the page once it has gone. (The dialog
    // hides it from the accessibility tree at once, hence a CSS locator.)
    await page.locator('[role="menu"]').waitFor({ state: 'detached' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expectToast(page, 'You left the moment');
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
    const firstDoc = await adminDb.doc(`journals/${first.id}`).get();
    expect(firstDoc.exists).toBe(true);
    expect(firstDoc.get('memberIds')).not.toContain(cora.uid);

    await page.goto(`/journals/${second.id}?openShareModal=true`);
    const share = page.getByRole('dialog', { name: 'Share "Leave from the dialog"' });
    await share.getByRole('button', { name: 'Leave this moment' }).click();
    await page
      .getByRole('dialog', { name: 'Leave this moment?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await page.waitForURL('**/home');
    await expectToast(page, 'You left the moment');
    expect((await adminDb.doc(`journals/${second.id}`).get()).get('memberIds')).not.toContain(
      cora.uid,
    );
  });
});
