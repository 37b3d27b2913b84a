// Sign in with Apple by code exchange: the browser brings back Apple's
// authorisation code; the function trades it at Apple's token endpoint, authenticating itself
// with a client secret it signs (ES256), and checks the identity token that comes back against
// Apple's published keys. Firebase Auth's own Apple flow needs a Google script at run time.
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT } from 'jose';

/** Apple's identity token issuer, also the audience of our client secret. */
export const APPLE_ISSUER = 'https://appleid.apple.com';
/** How long a client secret we sign is valid (Apple allows up to 6 months; we sign per call). */
const CLIENT_SECRET_TTL_S = 5 * 60;
const TOKEN_REQUEST_TIMEOUT_MS = 10_000;

export interface AppleConfig {
  /** The Services ID (web) the person signs in to, e.g. com.example.moments.web. */
  clientId: string;
  teamId: string;
  /** The id of the Sign in with Apple key whose private half signs the client secret. */
  keyId: string;
  /** That key, PKCS #8 PEM (the .p8 file Apple hands out). */
  privateKey: string;
  authorizeUrl: string;
  tokenUrl: string;
  jwksUrl: string;
}

type Env = Record<string, string | undefined>;

/**
 * The configuration from the environment (functions/.env.<project>, or the emulator wrapper);
 * undefined when Sign in with Apple is not set up. The endpoints default to Apple's own.
 */
export function readAppleConfig(env: Env = process.env): AppleConfig | undefined {
  const clientId = env.APPLE_CLIENT_ID?.trim();
  const teamId = env.APPLE_TEAM_ID?.trim();
  const keyId = env.APPLE_KEY_ID?.trim();
  const privateKey = env.APPLE_PRIVATE_KEY?.trim();
  if (!clientId || !teamId || !keyId || !privateKey) return undefined;
  return {
    clientId,
    teamId,
    keyId,
    // A .env value often carries the PEM's line breaks as "\n".
    privateKey: privateKey.replace(/\\n/g, '\n'),
    authorizeUrl: env.APPLE_AUTHORIZE_URL || `${APPLE_ISSUER}/auth/authorize`,
    tokenUrl: env.APPLE_TOKEN_URL || `${APPLE_ISSUER}/auth/token`,
    jwksUrl: env.APPLE_JWKS_URL || `${APPLE_ISSUER}/auth/keys`,
  };
}

/** Why a sign-in was refused: Apple would not trade the code, or its answer failed our checks. */
export class AppleSignInError extends Error {
  constructor(
    readonly stage: 'exchange' | 'token',
    detail: string,
  ) {
    super(detail);
  }
}

/** The client secret of a token request: a short-lived JWT signed with our Apple key. */
export async function signClientSecret(config: AppleConfig, nowMs = Date.now()): Promise<string> {
  const key = await importPKCS8(config.privateKey, 'ES256');
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: config.keyId })
    .setIssuer(config.teamId)
    .setSubject(config.clientId)
    .setAudience(APPLE_ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + CLIENT_SECRET_TTL_S)
    .sign(key);
}

/** Trades an authorisation code for Apple's identity token (the `id_token` of the answer). */
export async function exchangeCode(
  config: AppleConfig,
  code: string,
  redirectUri: string,
): Promise<string> {
  const body = new URLSearchParams({
    client_id: config.clientId,
    client_secret: await signClientSecret(config),
    code,
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
  });
  let res: Response;
  try {
    res = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body,
      signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new AppleSignInError('exchange', `token endpoint unreachable: ${String(err)}`);
  }
  const answer = (await res.json().catch(() => ({}))) as { id_token?: unknown; error?: unknown };
  if (!res.ok || typeof answer.id_token !== 'string') {
    throw new AppleSignInError('exchange', `token endpoint answered ${res.status} ${answer.error}`);
  }
  return answer.id_token;
}

// One key set per URL and instance: jose caches the keys and refetches on an unknown key id.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    keySets.set(url, set);
  }
  return set;
}

export interface AppleIdentity {
  /** Apple's stable id of the person for our team: users.appleUserId. */
  sub: string;
  email?: string;
}

/**
 * Checks an identity token: RS256 signature by one of Apple's published keys, issuer Apple,
 * audience our client id, not expired. Answers who it names.
 */
export async function verifyIdentityToken(
  config: AppleConfig,
  idToken: string,
): Promise<AppleIdentity> {
  try {
    const { payload } = await jwtVerify(idToken, keySet(config.jwksUrl), {
      issuer: APPLE_ISSUER,
      audience: config.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no subject');
    const email = typeof payload.email === 'string' && payload.email ? payload.email : undefined;
    return { sub: payload.sub, ...(email ? { email } : {}) };
  } catch (err) {
    throw new AppleSignInError('token', `identity token refused: ${String(err)}`);
  }
}

/** The whole check: code → identity token → who it is. */
export async function appleIdentityForCode(
  config: AppleConfig,
  code: string,
  redirectUri: string,
): Promise<AppleIdentity> {
  return verifyIdentityToken(config, await exchangeCode(config, code, redirectUri));
}
