// The push service stand-in, driven by the library the function sends with (web-push): what
// it takes, what it refuses the way a real push service does, and that it decrypts.
import { createECDH, createSign } from 'node:crypto';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_PUSH_BYTES,
  decryptPush,
  encryptPush,
  startPushStandIn,
  throwawayVapidKeys,
} from './push-stand-in.mjs';

const running = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((standIn) => standIn.close()));
});

async function standInWithSubscription() {
  const standIn = await startPushStandIn();
  running.push(standIn);
  const keys = throwawayVapidKeys();
  const res = await fetch(`${standIn.url}/stand-in/subscriptions`, {
    method: 'POST',
    body: JSON.stringify({ applicationServerKey: keys.publicKey }),
  });
  expect(res.status).toBe(201);
  const subscription = await res.json();
  const vapid = { subject: 'mailto:test@moments.test', ...keys };
  return { standIn, subscription, vapid, id: subscription.endpoint.split('/').pop() };
}

/** web-push's request, sent with fetch; `change` alters the headers or body first. */
async function push(subscription, vapid, payload, change = (request) => request) {
  const details = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: vapid,
    TTL: 60,
    topic: 'moment-abc',
  });
  const { headers, body } = change({
    headers: Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name !== 'Content-Length')
        .map(([name, value]) => [name, String(value)]),
    ),
    body: details.body,
  });
  return fetch(details.endpoint, { method: 'POST', headers, body });
}

const withoutHeader = (headers, name) =>
  Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));

const messagesOf = async (standIn, id) =>
  (await fetch(`${standIn.url}/stand-in/messages?subscription=${id}`)).json();

describe('push service stand-in', () => {
  it('takes a VAPID-signed aes128gcm message and keeps it decrypted, with its TTL and Topic', async () => {
    const { standIn, subscription, vapid, id } = await standInWithSubscription();
    const res = await push(subscription, vapid, JSON.stringify({ hello: 'wörld 🌊' }));
    expect(res.status).toBe(201);
    const [message] = await messagesOf(standIn, id);
    expect(JSON.parse(message.payload)).toEqual({ hello: 'wörld 🌊' });
    expect(message).toMatchObject({ ttl: 60, topic: 'moment-abc' });
  });

  it('refuses a token signed by another key than the subscription was made with (403)', async () => {
    const { subscription } = await standInWithSubscription();
    const other = { subject: 'mailto:test@moments.test', ...throwawayVapidKeys() };
    expect((await push(subscription, other, 'x')).status).toBe(403);
  });

  it('refuses a missing token, a wrong audience and an expired token (401)', async () => {
    const { standIn, subscription, vapid, id } = await standInWithSubscription();
    const without = await push(subscription, vapid, 'x', ({ headers, body }) => ({
      headers: withoutHeader(headers, 'Authorization'),
      body,
    }));
    expect(without.status).toBe(401);

    const token = (claims) => {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(vapid.privateKey, 'base64url'));
      const pub = ecdh.getPublicKey();
      const jwk = {
        kty: 'EC',
        crv: 'P-256',
        d: vapid.privateKey,
        x: pub.subarray(1, 33).toString('base64url'),
        y: pub.subarray(33).toString('base64url'),
      };
      const input = [{ typ: 'JWT', alg: 'ES256' }, claims]
        .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
        .join('.');
      const signature = createSign('sha256')
        .update(input)
        .sign({ key: jwk, format: 'jwk', dsaEncoding: 'ieee-p1363' });
      return `vapid t=${input}.${signature.toString('base64url')}, k=${vapid.publicKey}`;
    };
    const nowS = Math.floor(Date.now() / 1000);
    const withToken = (claims) =>
      push(subscription, vapid, 'x', ({ headers, body }) => ({
        headers: { ...headers, Authorization: token(claims) },
        body,
      }));
    const good = { aud: standIn.url, exp: nowS + 600, sub: 'mailto:test@moments.test' };
    expect((await withToken(good)).status).toBe(201);
    expect((await withToken({ ...good, aud: 'https://fcm.googleapis.com' })).status).toBe(401);
    expect((await withToken({ ...good, exp: nowS - 1 })).status).toBe(401);
    expect((await withToken({ ...good, exp: nowS + 2 * 24 * 3600 })).status).toBe(401);
    expect((await withToken({ ...good, sub: 'someone' })).status).toBe(401);
    expect(await messagesOf(standIn, id)).toHaveLength(1);
  });

  it('refuses a message without TTL, in another encoding, or over 4,096 bytes', async () => {
    const { subscription, vapid } = await standInWithSubscription();
    const noTtl = await push(subscription, vapid, 'x', ({ headers, body }) => ({
      headers: withoutHeader(headers, 'TTL'),
      body,
    }));
    expect(noTtl.status).toBe(400);
    const aesgcm = await push(subscription, vapid, 'x', ({ headers, body }) => ({
      headers: { ...headers, 'Content-Encoding': 'aesgcm' },
      body,
    }));
    expect(aesgcm.status).toBe(415);
    const big = await push(subscription, vapid, 'y'.repeat(MAX_PUSH_BYTES));
    expect(big.status).toBe(413);
  });

  it('answers 404 for an unknown subscription and 410 once it expired', async () => {
    const { standIn, subscription, vapid, id } = await standInWithSubscription();
    const unknown = { ...subscription, endpoint: `${standIn.url}/push/nobody` };
    expect((await push(unknown, vapid, 'x')).status).toBe(404);
    await fetch(`${standIn.url}/stand-in/subscriptions/${id}/expire`, { method: 'POST' });
    expect((await push(subscription, vapid, 'x')).status).toBe(410);
  });

  it('decrypts what RFC 8291 encrypts, and refuses a tampered body', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = Buffer.alloc(16, 7);
    const body = encryptPush('secret', { receiverKey: ecdh.getPublicKey(), auth });
    expect(decryptPush(body, { ecdh, auth }).toString()).toBe('secret');
    body[body.length - 1] ^= 1;
    expect(() => decryptPush(body, { ecdh, auth })).toThrow();
  });
});
