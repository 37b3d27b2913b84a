// A local stand-in for a Web Push service (RFC 8030), so notifications run offline under the
// emulators (npm start and the tests) and are checked the way a real push service checks them:
//   POST /stand-in/subscriptions   {applicationServerKey}: a new subscription, as the browser's
//                                  pushManager.subscribe() answers it (endpoint, a P-256 key
//                                  pair's public key and a 16-byte auth secret). Browser tests
//                                  call it from an init script in place of subscribe(), which
//                                  headless Chromium refuses (CORS open for that).
//   POST /push/:id                 a push message: VAPID (RFC 8292: the JWT's ES256 signature
//                                  by the subscription's applicationServerKey, aud = this
//                                  origin, exp in the future and within 24 h, sub mailto: or
//                                  https:), a TTL header, Content-Encoding aes128gcm, at most
//                                  4,096 bytes; 404 for an unknown subscription, 410 for an
//                                  expired one. The payload is decrypted (RFC 8291) and kept.
//   GET  /stand-in/messages?subscription=:id   what arrived, decrypted, oldest first
//   POST /stand-in/subscriptions/:id/expire    from now on 410 (the browser unsubscribed)
//   POST /stand-in/subscriptions/:id/answer    {status}: the next pushes answer that status
// Built on node:crypto only, so it shares no code with the function's sender (web-push).
import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer } from 'node:http';
import { listen, readBody, send } from './stand-in-http.mjs';

/** RFC 8030 leaves the size to the service; FCM, Mozilla and Apple all take 4,096 bytes. */
export const MAX_PUSH_BYTES = 4096;
/** RFC 8292: a push service may refuse a token that expires more than 24 hours out. */
const MAX_JWT_TTL_S = 24 * 60 * 60;
/** Subscriptions a stand-in keeps: a run's tests make a few hundred. */
const MAX_SUBSCRIPTIONS = 20_000;

const b64url = (data) => Buffer.from(data).toString('base64url');
const fromB64url = (text) => Buffer.from(text, 'base64url');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();

/** HKDF (RFC 5869) with SHA-256, for one block (at most 32 bytes). */
function hkdf(salt, ikm, info, length) {
  return hmac(hmac(salt, ikm), Buffer.concat([info, Buffer.from([1])])).subarray(0, length);
}

/** A P-256 public key (65-byte uncompressed point) as a KeyObject, for ES256 verification. */
function p256PublicKey(point) {
  if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33, 65)),
    },
    format: 'jwk',
  });
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292) for a push to `origin`. Answers
 * null when it holds, or [status, reason]: 401 for a missing or bad token, 403 for a token
 * signed by another key than the subscription's.
 */
export function checkVapid(header, { origin, applicationServerKey, nowS }) {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match) return [401, 'Authorization: vapid t=..., k=... required'];
  const params = Object.fromEntries(
    match[1].split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  if (!params.t || !params.k) return [401, 'vapid t and k are required'];
  if (applicationServerKey && params.k !== applicationServerKey) {
    return [403, 'k is not the applicationServerKey of this subscription'];
  }
  const [header64, payload64, signature64] = params.t.split('.');
  let jwtHeader;
  let claims;
  try {
    jwtHeader = JSON.parse(fromB64url(header64).toString());
    claims = JSON.parse(fromB64url(payload64).toString());
  } catch {
    return [401, 'malformed JWT'];
  }
  if (jwtHeader.alg !== 'ES256') return [401, 'JWT alg must be ES256'];
  let signed;
  try {
    signed = verify(
      'sha256',
      Buffer.from(`${header64}.${payload64}`),
      { key: p256PublicKey(fromB64url(params.k)), dsaEncoding: 'ieee-p1363' },
      fromB64url(signature64 ?? ''),
    );
  } catch {
    signed = false;
  }
  if (!signed) return [401, 'JWT signature does not verify with k'];
  if (claims.aud !== origin) return [401, `JWT aud must be ${origin}`];
  if (typeof claims.exp !== 'number' || claims.exp <= nowS) return [401, 'JWT expired'];
  if (claims.exp > nowS + MAX_JWT_TTL_S) return [401, 'JWT exp more than 24 hours away'];
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    return [401, 'JWT sub must be a mailto: or https: contact'];
  }
  return null;
}

/**
 * Decrypts an aes128gcm push message body (RFC 8188 framing, RFC 8291 keys) for the
 * subscription's key pair (`ecdh`, a node ECDH holding the private key) and auth secret.
 * Throws when it does not decrypt.
 */
export function decryptPush(body, { ecdh, auth }) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (salt.length !== 16 || idLength !== 65 || recordSize < 18) throw new Error('bad header');
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const receiverKey = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = hkdf(auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** For the stand-in's own tests: what a sender does (RFC 8291), without web-push. */
export function encryptPush(plaintext, { receiverKey, auth }) {
  const sender = createECDH('prime256v1');
  sender.generateKeys();
  const salt = randomBytes(16);
  const shared = sender.computeSecret(receiverKey);
  const senderKey = sender.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = hkdf(auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const body = Buffer.concat([
    cipher.update(Buffer.concat([Buffer.from(plaintext), Buffer.from([2])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(4096, 16);
  header[20] = senderKey.length;
  return Buffer.concat([header, senderKey, body]);
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  // The browser tests' contexts add X-Forwarded-For to every request, this one's too.
  'Access-Control-Allow-Headers': 'Content-Type, X-Forwarded-For',
};

/** Starts the stand-in; resolves to its URL and close(). */
export async function startPushStandIn({ port = 0, host = '127.0.0.1' } = {}) {
  /** id -> { ecdh, auth, applicationServerKey, expired, answerWith, messages } */
  const subscriptions = new Map();
  let origin = '';

  function subscribe(applicationServerKey) {
    if (subscriptions.size >= MAX_SUBSCRIPTIONS) {
      subscriptions.delete(subscriptions.keys().next().value);
    }
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const id = randomUUID();
    subscriptions.set(id, {
      ecdh,
      auth,
      applicationServerKey,
      expired: false,
      answerWith: null,
      messages: [],
    });
    return {
      endpoint: `${origin}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    };
  }

  async function receive(req, res, id) {
    const subscription = subscriptions.get(id);
    if (!subscription) return send(res, 404, { reason: 'unknown subscription' });
    if (subscription.expired) return send(res, 410, { reason: 'subscription expired' });
    if (subscription.answerWith) {
      return send(res, subscription.answerWith, { reason: 'answer set by the test' });
    }
    const refusal = checkVapid(req.headers.authorization, {
      origin,
      applicationServerKey: subscription.applicationServerKey,
      nowS: Math.floor(Date.now() / 1000),
    });
    if (refusal) return send(res, refusal[0], { reason: refusal[1] });
    const ttl = req.headers.ttl;
    if (ttl === undefined || !/^\d+$/.test(ttl)) return send(res, 400, { reason: 'TTL required' });
    if (req.headers['content-encoding'] !== 'aes128gcm') {
      return send(res, 415, { reason: 'Content-Encoding must be aes128gcm' });
    }
    const body = await readBody(req);
    if (body.length > MAX_PUSH_BYTES) return send(res, 413, { reason: 'payload too large' });
    let payload;
    try {
      payload = decryptPush(body, subscription).toString('utf8');
    } catch (err) {
      return send(res, 400, { reason: `does not decrypt: ${err.message}` });
    }
    const message = {
      id: randomUUID(),
      receivedAt: new Date().toISOString(),
      ttl: Number(ttl),
      topic: req.headers.topic ?? null,
      urgency: req.headers.urgency ?? 'normal',
      bytes: body.length,
      payload,
    };
    subscription.messages.push(message);
    return send(res, 201, {}, { Location: `${origin}/messages/${message.id}` });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const parts = url.pathname.split('/').filter(Boolean);
    void (async () => {
      if (req.method === 'OPTIONS') return send(res, 204, {}, CORS);
      if (req.method === 'POST' && parts[0] === 'push' && parts.length === 2) {
        return receive(req, res, parts[1]);
      }
      if (parts[0] !== 'stand-in') return send(res, 404, { reason: 'not found' });
      if (req.method === 'POST' && parts[1] === 'subscriptions' && parts.length === 2) {
        const { applicationServerKey } = JSON.parse((await readBody(req)).toString() || '{}');
        if (typeof applicationServerKey !== 'string' || applicationServerKey.length === 0) {
          return send(res, 400, { reason: 'applicationServerKey required' }, CORS);
        }
        return send(res, 201, subscribe(applicationServerKey), CORS);
      }
      const subscription = subscriptions.get(parts[2] ?? '');
      if (req.method === 'POST' && parts[1] === 'subscriptions' && parts.length === 4) {
        if (!subscription) return send(res, 404, { reason: 'unknown subscription' }, CORS);
        if (parts[3] === 'expire') subscription.expired = true;
        else if (parts[3] === 'answer') {
          const { status } = JSON.parse((await readBody(req)).toString() || '{}');
          subscription.answerWith = Number.isInteger(status) ? status : null;
        } else return send(res, 404, { reason: 'not found' }, CORS);
        return send(res, 200, {}, CORS);
      }
      if (req.method === 'GET' && parts[1] === 'messages') {
        const id = url.searchParams.get('subscription') ?? '';
        const found = subscriptions.get(id);
        if (!found) return send(res, 404, { reason: 'unknown subscription' }, CORS);
        return send(res, 200, found.messages, CORS);
      }
      return send(res, 404, { reason: 'not found' }, CORS);
    })().catch((err) => {
      if (!res.headersSent) send(res, 400, { reason: String(err?.message ?? err) }, CORS);
    });
  });
  origin = await listen(server, port, host);
  return {
    url: origin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A throwaway VAPID key pair (base64url, as web-push's generateVAPIDKeys makes one). */
export function throwawayVapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: b64url(ecdh.getPublicKey()), privateKey: b64url(ecdh.getPrivateKey()) };
}

/**
 * Under the emulators: the stand-in on a free port, and the function's VAPID_* settings
 * (a pair made for this run) with PUSH_STAND_IN_ORIGIN, the one non-https endpoint origin the
 * function accepts there.
 */
export async function startPushForEmulators(env = process.env) {
  const standIn = await startPushStandIn({ port: Number(env.PUSH_STAND_IN_PORT ?? 0) });
  const keys = throwawayVapidKeys();
  return {
    close: standIn.close,
    env: {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:notifications@moments.test',
      PUSH_STAND_IN_ORIGIN: standIn.url,
    },
  };
}
