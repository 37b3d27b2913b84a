// Notifications (issue 40): the calls a device and My Account make. Subscriptions are stored
// on the person's private profile (no client reads it: tests/rules), keyed by endpoint hash.
import { PUSH_MESSAGES } from '@moments/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, expectApiUp } from '../support/api';
import { adminDb } from '../support/emulators';
import { newMoment, sharedMoment, signedIn } from '../support/moments';
import { newDevice, pushStandIn, subscribedDevice } from '../support/push-stand-in';

beforeAll(expectApiUp);

const profile = async (uid: string) => (await adminDb.doc(`pushProfiles/${uid}`).get()).data();
const deviceIds = async (uid: string) => Object.keys((await profile(uid))?.devices ?? {});

describe('GET /api/push/config', () => {
  it('answers the VAPID public key (a P-256 point) without sign-in', async () => {
    const res = await new ApiClient().get<{ publicKey: string }>('/api/push/config');
    expect(res.status).toBe(200);
    const key = Buffer.from(res.body.publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });
});

describe('PUT /api/push/subscription', () => {
  it('stores the device under a hash of its endpoint; a re-PUT refreshes it, no duplicate', async () => {
    const { user, client } = await signedIn();
    const device = await newDevice();
    const first = await client.put<{ deviceId: string }>('/api/push/subscription', {
      ...device.subscription,
    });
    expect(first.status).toBe(200);
    expect(first.body.deviceId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.body.deviceId).not.toContain(device.id);
    const stored = (await profile(user.uid))?.devices[first.body.deviceId];
    expect(stored).toMatchObject({
      endpoint: device.subscription.endpoint,
      keys: device.subscription.keys,
    });

    const again = await client.put<{ deviceId: string }>('/api/push/subscription', {
      ...device.subscription,
    });
    expect(again.body.deviceId).toBe(first.body.deviceId);
    expect(await deviceIds(user.uid)).toEqual([first.body.deviceId]);
    const refreshed = (await profile(user.uid))?.devices[first.body.deviceId];
    expect(refreshed.lastSeenAt.toMillis()).toBeGreaterThan(stored.lastSeenAt.toMillis());
    expect(refreshed.createdAt.toMillis()).toBe(stored.createdAt.toMillis());
  });

  it('refuses endpoints outside the known push services (the function would POST there)', async () => {
    const { user, client } = await signedIn();
    const { subscription } = await newDevice();
    for (const endpoint of [
      'https://attacker.example/collect',
      'http://169.254.169.254/computeMetadata/v1/',
      'http://fcm.googleapis.com/fcm/send/abc',
      `${pushStandIn().replace('127.0.0.1', 'localhost')}/push/abc`,
    ]) {
      const res = await client.put('/api/push/subscription', { ...subscription, endpoint });
      expect(res.status, endpoint).toBe(400);
      expect(res.body).toEqual({ message: PUSH_MESSAGES.endpointNotAllowed });
    }
    expect(await profile(user.uid)).toBeUndefined();
  });

  it('refuses a malformed subscription with the schema message', async () => {
    const { client } = await signedIn();
    const { subscription } = await newDevice();
    const noKeys = await client.put('/api/push/subscription', { endpoint: subscription.endpoint });
    expect(noKeys.status).toBe(400);
    expect(noKeys.body).toEqual({ message: PUSH_MESSAGES.subscriptionInvalid });
    const badKey = await client.put('/api/push/subscription', {
      ...subscription,
      keys: { ...subscription.keys, auth: 'not base64url!' },
    });
    expect(badKey.status).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    const { subscription } = await newDevice();
    expect((await new ApiClient().put('/api/push/subscription', subscription)).status).toBe(401);
  });

  it('keeps at most 10 devices a person, even when 12 subscribe at once', async () => {
    const { user, client } = await signedIn();
    const devices = await Promise.all(Array.from({ length: 12 }, () => newDevice()));
    const answers = await Promise.all(
      devices.map((device) => client.put('/api/push/subscription', device.subscription)),
    );
    expect(answers.map((res) => res.status)).toEqual(devices.map(() => 200));
    expect(await deviceIds(user.uid)).toHaveLength(10);
    const stored = await profile(user.uid);
    expect(stored?.deviceIds).toHaveLength(10);
  });

  it('moves a device to whoever signs in on it next', async () => {
    const [a, b] = await Promise.all([signedIn(), signedIn()]);
    const device = await newDevice();
    await a.client.put('/api/push/subscription', device.subscription);
    const res = await b.client.put<{ deviceId: string }>(
      '/api/push/subscription',
      device.subscription,
    );
    expect(await deviceIds(b.user.uid)).toEqual([res.body.deviceId]);
    expect(await deviceIds(a.user.uid)).toEqual([]);
  });
});

describe('DELETE /api/push/subscription and logout', () => {
  it('removes only the caller’s device with that endpoint', async () => {
    const [a, b] = await Promise.all([signedIn(), signedIn()]);
    const [mine, other] = await Promise.all([
      subscribedDevice(a.client),
      subscribedDevice(a.client),
    ]);
    const bDevice = await subscribedDevice(b.client);
    const res = await a.client.request('DELETE', '/api/push/subscription', {
      endpoint: mine.subscription.endpoint,
    });
    expect(res.status).toBe(204);
    expect(await deviceIds(a.user.uid)).toHaveLength(1);
    // Someone else's endpoint is not the caller's to remove.
    await a.client.request('DELETE', '/api/push/subscription', {
      endpoint: bDevice.subscription.endpoint,
    });
    expect(await deviceIds(b.user.uid)).toHaveLength(1);
    expect(other.id).not.toBe(mine.id);
  });

  it('logout with the device’s endpoint removes its subscription', async () => {
    const { user, client } = await signedIn();
    const device = await subscribedDevice(client);
    const res = await client.post('/api/auth/logout', { endpoint: device.subscription.endpoint });
    expect(res.status).toBe(200);
    expect(await deviceIds(user.uid)).toEqual([]);
  });
});

describe('GET/PUT /api/push/settings', () => {
  it('starts with no quiet hours and nothing muted; keeps quiet hours', async () => {
    const { client } = await signedIn();
    expect((await client.get('/api/push/settings')).body).toEqual({
      quietHours: null,
      mutedJournalIds: [],
    });
    const quietHours = { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin' };
    const res = await client.put('/api/push/settings', { quietHours });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ quietHours, mutedJournalIds: [] });
    expect((await client.get('/api/push/settings')).body).toEqual({
      quietHours,
      mutedJournalIds: [],
    });
    expect((await client.put('/api/push/settings', { quietHours: null })).body).toEqual({
      quietHours: null,
      mutedJournalIds: [],
    });
  });

  it('refuses a malformed time or an unknown time zone, storing nothing', async () => {
    const { user, client } = await signedIn();
    const bad = async (quietHours: unknown, message: string) => {
      const res = await client.put('/api/push/settings', { quietHours });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    };
    await bad({ start: '24:00', end: '07:00', timeZone: 'UTC' }, PUSH_MESSAGES.timeInvalid);
    await bad({ start: '22:00', end: '7:00', timeZone: 'UTC' }, PUSH_MESSAGES.timeInvalid);
    await bad(
      { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' },
      PUSH_MESSAGES.timeZoneInvalid,
    );
    expect(await profile(user.uid)).toBeUndefined();
  });
});

describe('PUT /api/journals/:id/mute', () => {
  it('mutes and unmutes a moment for the caller only', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const muted = await contributor.client.put(`/api/journals/${journal.id}/mute`, { muted: true });
    expect(muted.status).toBe(200);
    expect(muted.body).toEqual({ muted: true });
    expect((await contributor.client.get('/api/push/settings')).body).toMatchObject({
      mutedJournalIds: [journal.id],
    });
    expect((await owner.client.get('/api/push/settings')).body).toMatchObject({
      mutedJournalIds: [],
    });
    await contributor.client.put(`/api/journals/${journal.id}/mute`, { muted: false });
    expect((await contributor.client.get('/api/push/settings')).body).toMatchObject({
      mutedJournalIds: [],
    });
  });

  it('is for members only, and needs a boolean', async () => {
    const { outsider, contributor, journal } = await sharedMoment();
    const notMine = await outsider.client.put(`/api/journals/${journal.id}/mute`, { muted: true });
    expect(notMine.status).toBe(404);
    expect(await profile(outsider.user.uid)).toBeUndefined();
    const bad = await contributor.client.put(`/api/journals/${journal.id}/mute`, { muted: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: PUSH_MESSAGES.mutedInvalid });
    const other = await newMoment((await signedIn()).client);
    expect(
      (await contributor.client.put(`/api/journals/${other.id}/mute`, { muted: true })).status,
    ).toBe(404);
  });
});
