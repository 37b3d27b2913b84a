// Issue 38, items 6-8: the links the server builds start at APP_ORIGIN whatever the request's
// headers say (and the function will not start in production without it), Stripe sessions are
// limited per person, and an invite's cover is shown only while its link works and never to a
// session of someone removed from the moment since.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BILLING_MESSAGES, INVITE_MESSAGES, REQUEST_ERRORS } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { BILLING_SESSION_LIMIT } from '../../functions/src/features/billing/config';
import { ApiClient } from '../support/api';
import { adminDb, appUrl } from '../support/emulators';
import { sharedMoment, signedIn } from '../support/moments';
import { uploadPhoto } from '../support/photos';
import { createInviteLink, inviteDoc, previewInvite, tokenOf } from '../support/sharing';

/** Headers a client writes to make the server believe it is another site. */
const FORGED_HOST = {
  'X-Forwarded-Host': 'evil.example',
  'X-Forwarded-Proto': 'https',
};

const functionsDir = fileURLToPath(new URL('../../functions', import.meta.url));

/**
 * Loads the built function as Cloud Functions would, outside the emulators, with only the
 * settings given (the other required one, WEB_API_KEY, set).
 */
function loadBuiltFunction(env: Record<string, string>) {
  return spawnSync(process.execPath, ['-e', "require('./lib/index.js')"], {
    cwd: functionsDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GCLOUD_PROJECT: 'links-test',
      WEB_API_KEY: 'web-api-key',
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('links the server builds', () => {
  it('refuses to start in production without APP_ORIGIN, saying what to set', () => {
    const without = loadBuiltFunction({});
    expect(without.status).not.toBe(0);
    expect(without.stderr).toContain('APP_ORIGIN is required');
    const configured = loadBuiltFunction({ APP_ORIGIN: 'https://moments.example' });
    expect(configured.stderr).not.toContain('APP_ORIGIN');
    expect(configured.status).toBe(0);
  });

  it('invite links start at the app origin, whatever X-Forwarded-Host says', async () => {
    const { client } = await signedIn();
    const journal = await client.post<{ id: string }>('/api/journals', { title: 'Links' });
    const res = await client.post<{ url: string }>(
      `/api/journals/${journal.body.id}/invites`,
      {},
      FORGED_HOST,
    );
    expect(res.status).toBe(201);
    expect(new URL(res.body.url).origin).toBe(await appUrl());
    expect(res.body.url).toBe(`${await appUrl()}/invite/${tokenOf(res.body.url)}`);
  });

  it("Stripe's return and portal links start at the app origin, whatever the headers say", async () => {
    const { client } = await signedIn();
    const start = await client.post<{ url: string }>(
      '/api/billing/checkout',
      { period: 'monthly' },
      FORGED_HOST,
    );
    expect(start.status).toBe(200);
    const checkoutPage = await (await fetch(start.body.url)).text();
    expect(checkoutPage).toContain(
      `href="${await appUrl()}/subscribe?checkout=cancelled&amp;flow=account"`,
    );
    expect(checkoutPage).not.toContain('evil.example');

    const portal = await client.post<{ url: string }>('/api/billing/portal', {}, FORGED_HOST);
    expect(portal.status).toBe(200);
    const portalPage = await (await fetch(portal.body.url)).text();
    expect(portalPage).toContain(`href="${await appUrl()}/profile"`);
    expect(portalPage).not.toContain('evil.example');
  });
});

describe('Stripe sessions per person', () => {
  it('past the limit, parallel Checkout requests get 429, and so does the portal; others are unaffected', async () => {
    const { limit } = BILLING_SESSION_LIMIT;
    const { client } = await signedIn();
    const checkout = () =>
      client.post<{ url?: string; message?: string }>('/api/billing/checkout', {
        period: 'monthly',
      });
    // Most of the allowance one at a time (the first also makes the Stripe customer), ...
    for (let i = 0; i < limit - 3; i += 1) expect((await checkout()).status).toBe(200);
    // ... then the last three and three more at once: each costs one, so three get through.
    const burst = await Promise.all(Array.from({ length: 6 }, checkout));
    expect(burst.map((res) => res.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    for (const refused of burst.filter((res) => res.status === 429)) {
      expect(refused.body.message).toBe(REQUEST_ERRORS.tooManyAttempts);
    }
    const portal = await client.post('/api/billing/portal', {});
    expect(portal.status).toBe(429);
    expect(portal.body.message).toBe(REQUEST_ERRORS.tooManyAttempts);

    const other = await signedIn();
    const theirs = await other.client.post('/api/billing/checkout', { period: 'monthly' });
    expect(theirs.status).toBe(200);
    expect((await other.client.post('/api/billing/portal', {})).status).toBe(200);
  });

  it('a refused plan costs nothing from the allowance', async () => {
    const { client } = await signedIn();
    for (let i = 0; i < BILLING_SESSION_LIMIT.limit + 1; i += 1) {
      const bad = await client.post('/api/billing/checkout', { period: 'weekly' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(BILLING_MESSAGES.periodInvalid);
    }
    expect((await client.post('/api/billing/checkout', { period: 'monthly' })).status).toBe(200);
  });
});

describe('GET /api/invites/covers/:inviteId/:version', () => {
  /** The cover URL a live link's preview names (the invite's id and the cover's version). */
  const coverUrlOf = async (link: { token: string }) => {
    const preview = await previewInvite(link.token);
    expect(preview.status).toBe(200);
    expect(preview.body.coverUrl).toEqual(expect.any(String));
    return preview.body.coverUrl as string;
  };
  const cover = (client: ApiClient, url: string) => client.getBytes(url);

  it('is refused to a removed member with a session, for links made before the removal', async () => {
    const { owner, contributor, outsider, journal } = await sharedMoment();
    expect((await uploadPhoto(owner.client, journal.id)).status).toBe(201);
    // A link the owner made: the contributor could list its id while a member.
    const link = await createInviteLink(owner.client, journal.id);
    const url = await coverUrlOf(link);
    const member = await cover(contributor.client, url);
    expect(member.status).toBe(200);
    expect(member.headers.get('content-type')).toBe('image/webp');

    const removed = await owner.client.delete(
      `/api/journals/${journal.id}/members/${contributor.user.uid}`,
    );
    expect(removed.status).toBe(200);
    const refused = await contributor.client.request('GET', url);
    expect(refused.status).toBe(410);
    expect(refused.body).toEqual({ message: INVITE_MESSAGES.revoked });

    // Anyone else holding the link still sees it: signed in, or on the invite page before.
    expect((await cover(outsider.client, url)).status).toBe(200);
    expect((await cover(new ApiClient(), url)).status).toBe(200);

    // A link made after the removal can bring them back, so it shows them the cover.
    const fresh = await createInviteLink(owner.client, journal.id);
    expect((await cover(contributor.client, await coverUrlOf(fresh))).status).toBe(200);
  });

  it('is served only while the link works: not once revoked, expired, used or the moment deleted', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    expect((await uploadPhoto(owner.client, journal.id)).status).toBe(201);
    const anyone = new ApiClient();

    const revoked = await createInviteLink(owner.client, journal.id);
    const revokedUrl = await coverUrlOf(revoked);
    expect((await cover(anyone, revokedUrl)).status).toBe(200);
    await owner.client.delete(`/api/journals/${journal.id}/invites/${revoked.id}`);
    const afterRevoke = await anyone.request('GET', revokedUrl);
    expect(afterRevoke.status).toBe(410);
    expect(afterRevoke.body).toEqual({ message: INVITE_MESSAGES.revoked });

    const expired = await createInviteLink(owner.client, journal.id);
    const expiredUrl = await coverUrlOf(expired);
    await inviteDoc(tokenOf(expired.url)).update({
      expiresAt: Timestamp.fromMillis(Date.now() - 1),
    });
    const afterExpiry = await anyone.request('GET', expiredUrl);
    expect(afterExpiry.status).toBe(410);
    expect(afterExpiry.body).toEqual({ message: INVITE_MESSAGES.expired });

    const targeted = await createInviteLink(owner.client, journal.id, outsider.user.phoneNumber);
    const targetedUrl = await coverUrlOf(targeted);
    const accepted = await outsider.client.post(`/api/journals/${journal.id}/accept-invite`, {
      inviteToken: targeted.token,
    });
    expect(accepted.body).toMatchObject({ success: true });
    const afterUse = await anyone.request('GET', targetedUrl);
    expect(afterUse.status).toBe(410);
    expect(afterUse.body).toEqual({ message: INVITE_MESSAGES.used });

    const live = await createInviteLink(owner.client, journal.id);
    const liveUrl = await coverUrlOf(live);
    expect((await owner.client.delete(`/api/journals/${journal.id}`)).status).toBe(200);
    const afterDelete = await anyone.request('GET', liveUrl);
    expect(afterDelete.status).toBe(404);
    expect(afterDelete.body).toEqual({ message: INVITE_MESSAGES.notFound });
    expect((await adminDb.doc(`journals/${journal.id}`).get()).exists).toBe(false);
  });
});
