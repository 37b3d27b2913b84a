// A local stand-in for Sign in with Apple's three endpoints, so the code-exchange flow runs
// offline under the emulators (npm start and the tests) with real signatures on both sides:
//   GET  /auth/authorize  a page "Sign in with your Apple ID" (Continue / Cancel) that returns
//                         to redirect_uri with ?code=...&state=... (or ?error=...&state=...)
//   POST /auth/token      checks the client secret JWT (ES256, against the configured public
//                         key, team id, key id and client id) and the code, answers a real
//                         RS256-signed id_token
//   GET  /auth/keys       the JWKS that id_token verifies against
// Built on node:crypto only, so it shares no code with the function's checks (jose).
import { createHash, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import { createServer } from 'node:http';
import { listen, readBody, send } from './stand-in-http.mjs';

export const APPLE_ISSUER = 'https://appleid.apple.com';
/** The Apple ID the page offers; any other typed there is another test person. */
export const DEMO_APPLE_ID = 'alex.apple@example.com';
const CODE_TTL_MS = 5 * 60 * 1000;
const ID_TOKEN_TTL_S = 10 * 60;
/** Apple's longest client secret lifetime (6 months). */
const CLIENT_SECRET_MAX_TTL_S = 15_777_000;

/**
 * Test knobs of POST /auth/authorize (the page never sends one): each makes the id_token of that
 * code wrong in one way that the function must catch.
 */
const FAULTS = new Set(['foreign-key', 'wrong-audience', 'wrong-issuer', 'expired']);

const b64url = (data) => Buffer.from(data).toString('base64url');
const fromB64url = (text) => Buffer.from(text, 'base64url');

/** Apple's `sub`: stable per Apple ID (and team), opaque. */
export function appleSubFor(appleId) {
  const digest = createHash('sha256').update(appleId.trim().toLowerCase()).digest('hex');
  return `000${digest.slice(0, 3)}.${digest.slice(3, 35)}.${digest.slice(35, 39)}`;
}

function signJwt(header, payload, privateKey) {
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  return `${input}.${b64url(sign('sha256', Buffer.from(input), privateKey))}`;
}

/** Checks a client secret as Apple does; answers why it is refused, or null when it is fine. */
function clientSecretProblem(secret, config, nowS) {
  const parts = String(secret ?? '').split('.');
  if (parts.length !== 3) return 'client_secret is not a JWT';
  let header, payload;
  try {
    header = JSON.parse(fromB64url(parts[0]).toString());
    payload = JSON.parse(fromB64url(parts[1]).toString());
  } catch {
    return 'client_secret is not a JWT';
  }
  if (header.alg !== 'ES256') return 'client_secret must be ES256';
  if (header.kid !== config.keyId) return 'client_secret names another key id';
  const signed = verify(
    'sha256',
    Buffer.from(`${parts[0]}.${parts[1]}`),
    { key: config.publicKey, dsaEncoding: 'ieee-p1363' },
    fromB64url(parts[2]),
  );
  if (!signed) return 'client_secret signature is wrong';
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.iss !== config.teamId) return 'client_secret iss is not the team id';
  if (payload.sub !== config.clientId) return 'client_secret sub is not the client id';
  if (!audiences.includes(APPLE_ISSUER)) return `client_secret aud is not ${APPLE_ISSUER}`;
  if (typeof payload.exp !== 'number' || payload.exp <= nowS) return 'client_secret expired';
  if (typeof payload.iat !== 'number' || payload.iat > nowS + 60) return 'client_secret iat';
  if (payload.exp - payload.iat > CLIENT_SECRET_MAX_TTL_S) return 'client_secret lives too long';
  return null;
}

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

function authorizePage(params) {
  const hidden = ['client_id', 'redirect_uri', 'state', 'scope']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name] ?? '')}">`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with Apple (local stand-in)</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f5f5f7; color: #1d1d1f; }
  main { max-width: 420px; margin: 48px auto; padding: 32px 24px; background: #fff; border-radius: 16px; }
  h1 { font-size: 1.5rem; margin: 0 0 8px; }
  label { display: block; font-weight: 600; margin: 24px 0 4px; }
  input[type=email] { box-sizing: border-box; width: 100%; min-height: 44px; font: inherit; padding: 8px 12px; border: 1px solid #86868b; border-radius: 8px; }
  button { width: 100%; min-height: 48px; margin-top: 16px; font: inherit; font-weight: 600; border-radius: 8px; border: 0; cursor: pointer; }
  .primary { background: #000; color: #fff; }
  .secondary { background: transparent; color: #0066cc; }
  p.note { color: #515154; font-size: 0.9rem; }
</style></head>
<body><main>
<h1>Sign in with Apple</h1>
<p>to continue to <strong>${escapeHtml(params.client_id)}</strong></p>
<p class="note">This is the local stand-in for Apple's sign-in page: no Apple account is used
and no password is asked. Each Apple ID below is a separate test person.</p>
<form method="post" action="/auth/authorize">${hidden}
<label for="apple-id">Apple ID</label>
<input id="apple-id" name="apple_id" type="email" value="${DEMO_APPLE_ID}" autocomplete="off" required>
<button class="primary" type="submit" name="decision" value="allow">Continue</button>
<button class="secondary" type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
</form>
</main></body></html>`;
}

async function readForm(req) {
  return Object.fromEntries(new URLSearchParams((await readBody(req)).toString()));
}

function withParams(uri, params) {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * Starts the stand-in. `config` holds what Apple would know of our app: clientId, teamId,
 * keyId and the public half (`publicKey`, a KeyObject or PEM) of the key that signs the
 * client secret. Answers its base URL and a close().
 */
export async function startAppleStandIn(config, { port = 0, host = '127.0.0.1' } = {}) {
  const idKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // Signs the forged tokens: same key id, a key Apple never published.
  const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const idKeyId = `stand-in-${randomBytes(4).toString('hex')}`;
  /** code -> what it was issued for; a code is used once. */
  const codes = new Map();

  function idToken(grant) {
    const now = Math.floor(Date.now() / 1000);
    const expired = grant.fault === 'expired';
    const payload = {
      iss: grant.fault === 'wrong-issuer' ? 'https://apple.example' : APPLE_ISSUER,
      aud: grant.fault === 'wrong-audience' ? 'com.someone.else' : config.clientId,
      exp: expired ? now - 60 : now + ID_TOKEN_TTL_S,
      iat: expired ? now - 60 - ID_TOKEN_TTL_S : now,
      sub: grant.sub,
      auth_time: now,
      nonce_supported: true,
      // Apple puts the email in only when the email scope was granted.
      ...(grant.scope.split(' ').includes('email')
        ? { email: grant.email, email_verified: true, is_private_email: false }
        : {}),
    };
    const key = grant.fault === 'foreign-key' ? foreignKey.privateKey : idKey.privateKey;
    return signJwt({ alg: 'RS256', kid: idKeyId }, payload, key);
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'GET' && url.pathname === '/auth/authorize') {
      const params = Object.fromEntries(url.searchParams);
      const mode = params.response_mode ?? 'query';
      if (params.response_type !== 'code') return send(res, 400, 'invalid_request: response_type');
      if (params.client_id !== config.clientId) return send(res, 400, 'invalid_client');
      if (!/^https?:\/\//.test(params.redirect_uri ?? '')) {
        return send(res, 400, 'invalid_request: redirect_uri');
      }
      // Apple's rule: name or email scopes are only given with response_mode=form_post.
      if (params.scope && mode !== 'form_post') {
        return send(res, 400, 'invalid_request: scope needs response_mode=form_post');
      }
      if (mode !== 'query') return send(res, 400, 'invalid_request: unsupported response_mode');
      return send(res, 200, authorizePage(params));
    }
    if (req.method === 'POST' && url.pathname === '/auth/authorize') {
      const form = await readForm(req);
      if (form.client_id !== config.clientId || !/^https?:\/\//.test(form.redirect_uri ?? '')) {
        return send(res, 400, 'invalid_request');
      }
      if (form.decision !== 'allow') {
        const back = withParams(form.redirect_uri, {
          error: 'user_cancelled_authorize',
          state: form.state,
        });
        return send(res, 303, '', { Location: back });
      }
      if (form.fault && !FAULTS.has(form.fault)) return send(res, 400, 'unknown fault');
      const appleId = (form.apple_id || DEMO_APPLE_ID).trim();
      const code = `c${randomBytes(16).toString('hex')}.0.stand-in`;
      codes.set(code, {
        clientId: form.client_id,
        redirectUri: form.redirect_uri,
        sub: appleSubFor(appleId),
        email: appleId,
        scope: form.scope ?? '',
        fault: form.fault,
        expiresAt: Date.now() + CODE_TTL_MS,
      });
      const back = withParams(form.redirect_uri, { code, state: form.state });
      return send(res, 303, '', { Location: back });
    }
    if (req.method === 'POST' && url.pathname === '/auth/token') {
      const form = await readForm(req);
      if (form.client_id !== config.clientId) return send(res, 400, { error: 'invalid_client' });
      const problem = clientSecretProblem(
        form.client_secret,
        config,
        Math.floor(Date.now() / 1000),
      );
      if (problem) return send(res, 400, { error: 'invalid_client', error_description: problem });
      if (form.grant_type !== 'authorization_code') {
        return send(res, 400, { error: 'unsupported_grant_type' });
      }
      const grant = codes.get(form.code);
      codes.delete(form.code);
      if (
        !grant ||
        grant.expiresAt < Date.now() ||
        grant.clientId !== form.client_id ||
        grant.redirectUri !== form.redirect_uri
      ) {
        return send(res, 400, { error: 'invalid_grant' });
      }
      return send(res, 200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: randomBytes(16).toString('hex'),
        id_token: idToken(grant),
      });
    }
    if (req.method === 'GET' && url.pathname === '/auth/keys') {
      const jwk = idKey.publicKey.export({ format: 'jwk' });
      return send(res, 200, { keys: [{ ...jwk, kid: idKeyId, use: 'sig', alg: 'RS256' }] });
    }
    return send(res, 404, { error: 'not_found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { error: String(err) }));
  });
  return {
    url: await listen(server, port, host),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * For the emulators: a throwaway key pair and app identity for this run, a stand-in that knows
 * the public key, and the APPLE_* variables that point the function at it. The port is any
 * free one unless APPLE_STAND_IN_PORT says otherwise (the web app asks the function for the
 * authorize URL, so nothing is built with the port in it).
 */
export async function startAppleForEmulators(env = process.env) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const config = {
    clientId: 'com.moments.local.web',
    teamId: 'LOCALTEAM1',
    keyId: 'LOCALKEY01',
    publicKey,
  };
  const standIn = await startAppleStandIn(config, { port: Number(env.APPLE_STAND_IN_PORT ?? 0) });
  return {
    close: standIn.close,
    env: {
      APPLE_CLIENT_ID: config.clientId,
      APPLE_TEAM_ID: config.teamId,
      APPLE_KEY_ID: config.keyId,
      APPLE_PRIVATE_KEY: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      APPLE_AUTHORIZE_URL: `${standIn.url}/auth/authorize`,
      APPLE_TOKEN_URL: `${standIn.url}/auth/token`,
      APPLE_JWKS_URL: `${standIn.url}/auth/keys`,
    },
  };
}

/**
 * For tests: what pressing Continue on the stand-in's page does, with the test knobs the page
 * lacks (`scope`, `fault`). Answers where the stand-in sends the browser back to.
 */
export async function approveAtStandIn(authorizeUrl, params) {
  const res = await fetch(authorizeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'allow', ...params }),
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  if (res.status !== 303 || !location) {
    throw new Error(`The stand-in answered ${res.status}: ${await res.text()}`);
  }
  return new URL(location);
}
