// A software passkey authenticator for the API tests: it answers the server's WebAuthn options
// as a phone's platform authenticator would (an ES256 key, 'none' attestation, user present and
// verified), and can be made to answer wrongly (another site's RP ID, another origin, an old
// signature counter). The browser tests use Chromium's own virtual authenticator instead.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { ApiClient, ApiResponse } from './api';

/** The origin and RP ID the emulated function expects (lib/passkey-site.ts: loopback → localhost). */
export async function passkeySiteOf(appUrl: string) {
  const url = new URL(appUrl);
  url.hostname = 'localhost';
  return { origin: url.origin, rpId: 'localhost' };
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  rpId: string;
  /** The signature counter the next assertion carries (then incremented). */
  counter: number;
}

interface Answer {
  origin: string;
  rpId?: string;
  userVerified?: boolean;
}

/**
 * Answers navigator.credentials.create() options: a new key pair, registered under the
 * options' user handle for `rpId` (the options' own by default).
 */
export function createPasskey(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  answer: Answer,
) {
  const rpId = answer.rpId ?? options.rp.id ?? 'localhost';
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]);
  const credentialId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const flags =
    FLAG_USER_PRESENT |
    (answer.userVerified === false ? 0 : FLAG_USER_VERIFIED) |
    FLAG_ATTESTED_DATA;
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([flags]),
    counterBytes(0),
    Buffer.alloc(16), // AAGUID: none
    idLength,
    credentialId,
    Buffer.from(isoCBOR.encode(coseKey)),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, Uint8Array | string | Map<string, string>>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const clientDataJSON = JSON.stringify({
    type: 'webauthn.create',
    challenge: options.challenge,
    origin: answer.origin,
    crossOrigin: false,
  });
  const passkey: SoftPasskey = {
    credentialId,
    privateKey,
    userHandle: options.user.id,
    rpId,
    counter: 1,
  };
  const response = {
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: 'public-key' as const,
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
    response: {
      clientDataJSON: b64url(Buffer.from(clientDataJSON)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
  };
  return { passkey, response };
}

/** Answers navigator.credentials.get() options (its challenge) with `passkey`. */
export function assertPasskey(passkey: SoftPasskey, challenge: string, answer: Answer) {
  const flags = FLAG_USER_PRESENT | (answer.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  const authData = Buffer.concat([
    sha256(answer.rpId ?? passkey.rpId),
    Buffer.from([flags]),
    counterBytes(passkey.counter),
  ]);
  passkey.counter += 1;
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge, origin: answer.origin, crossOrigin: false }),
  );
  const signature = sign(
    'sha256',
    Buffer.concat([authData, sha256(clientDataJSON)]),
    passkey.privateKey,
  );
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: 'public-key' as const,
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
  };
}

/** What the server asks a new passkey of, for `client`'s signed-in person and browser. */
export async function registrationOptions(client: ApiClient) {
  const options = await client.post<{
    challenge: string;
    rp: { id: string };
    user: { id: string };
  }>('/api/auth/passkeys/options');
  if (options.status !== 200) throw new Error(`passkey options answered ${options.status}`);
  return options.body;
}

/** Registers a new software passkey for the signed-in `client` (expects each step to pass). */
export async function addPasskey(client: ApiClient, origin: string, name = 'Test phone') {
  const { passkey, response } = createPasskey(await registrationOptions(client), { origin });
  const added = await client.post<{ id: string }>('/api/auth/passkeys', { response, name });
  if (added.status !== 201) {
    throw new Error(`adding a passkey answered ${added.status} ${JSON.stringify(added.body)}`);
  }
  return { passkey, id: added.body.id };
}

/** Asks for a sign-in challenge in `client`'s browser (cookie), answers it, sends the answer. */
export async function signInWithPasskey(
  client: ApiClient,
  passkey: SoftPasskey,
  answer: Answer,
): Promise<ApiResponse<Record<string, unknown>>> {
  const options = await client.post<{ challenge: string }>('/api/auth/passkey/options');
  if (options.status !== 200) throw new Error(`sign-in options answered ${options.status}`);
  const response = assertPasskey(passkey, options.body.challenge, answer);
  return client.post('/api/auth/passkey/login', { response });
}
