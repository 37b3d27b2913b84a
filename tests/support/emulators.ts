// Shared by the API and browser tests, which run inside `firebase emulators:exec`
// (it sets FIREBASE_EMULATOR_HUB and the per-emulator *_HOST variables used here).
import { randomInt } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';

export const PROJECT_ID = 'demo-moments';

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run these tests through "npm test" (emulators:exec).`);
  }
  return value;
}

const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
export const adminApp = app;
export const adminDb = getFirestore(app);
export const adminAuth = getAuth(app);

let hostingUrl: string | undefined;

/** Base URL of the app as the Hosting emulator serves it (pages and /api rewrites). */
export async function appUrl(): Promise<string> {
  if (hostingUrl) return hostingUrl;
  const hub = requireEnv('FIREBASE_EMULATOR_HUB');
  const res = await fetch(`http://${hub}/emulators`);
  const emulators = (await res.json()) as Record<string, { host: string; port: number }>;
  const hosting = emulators.hosting;
  if (!hosting) throw new Error('The Hosting emulator is not running.');
  hostingUrl = `http://${hosting.host}:${hosting.port}`;
  return hostingUrl;
}

/** Area codes of the numbers tests draw; each has 799 exchanges of 10,000 numbers. */
const AREA_CODES = ['650', '415', '408', '510', '212', '312', '617', '206', '303', '512'];
/** Exchanges 200-999 except 555, which the tests' fixed, fictional numbers use. */
const EXCHANGES = Array.from({ length: 800 }, (_, i) => 200 + i).filter((x) => x !== 555);
const BLOCK_SIZE = 10_000;

/**
 * Hands this test file a block of numbers no other file has drawn from on this Emulator Suite:
 * a counter taken in a transaction. Random numbers met an account another file had made (a
 * check-user test saw 200 instead of 404) once there were thousands in the Auth emulator.
 */
async function claimNumberBlock(): Promise<number> {
  const counter = adminDb.doc('testSupport/phoneNumberBlocks');
  const block = await adminDb.runTransaction(async (tx) => {
    const handedOut = ((await tx.get(counter)).get('handedOut') as number | undefined) ?? 0;
    tx.set(counter, { handedOut: handedOut + 1 });
    return handedOut;
  });
  if (block >= AREA_CODES.length * EXCHANGES.length) {
    throw new Error('Every test phone number on this Emulator Suite is used: restart it.');
  }
  return block;
}

const block = await claimNumberBlock();
let drawn = 0;

/** A valid US number no test has used on this suite, so tests never share an account or a limit. */
export function newPhoneNumber(): string {
  if (drawn === BLOCK_SIZE) {
    throw new Error(`A test file drew more than ${BLOCK_SIZE} phone numbers.`);
  }
  const area = AREA_CODES[Math.floor(block / EXCHANGES.length)];
  const exchange = EXCHANGES[block % EXCHANGES.length];
  return `+1${area}${exchange}${String(drawn++).padStart(4, '0')}`;
}

/** A fresh client address for the per-client limits. */
export function newClientAddress(): string {
  return `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
}

/** The address Google's front end appends after the client's own (any Google address works). */
export const FRONT_END_ADDRESS = '35.191.0.1';

/**
 * The X-Forwarded-For header a request from `clientAddress` reaches the function with in
 * production: whatever the client wrote (`spoofed`), then the client's address and the front
 * end's, appended by Google's front end. Under the emulators nothing appends, so the tests
 * write the header the front end would (docs/security.md, "Client address").
 */
export function forwardedFor(clientAddress: string, spoofed?: string): string {
  return [spoofed, clientAddress, FRONT_END_ADDRESS].filter(Boolean).join(', ');
}

/** The code that would have gone by SMS, from the Auth emulator's list (newest last). */
export async function latestCode(phoneNumber: string): Promise<string> {
  const host = requireEnv('FIREBASE_AUTH_EMULATOR_HOST');
  const res = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`);
  const { verificationCodes } = (await res.json()) as {
    verificationCodes: { phoneNumber: string; code: string }[];
  };
  const mine = verificationCodes.filter((c) => c.phoneNumber === phoneNumber);
  const last = mine[mine.length - 1];
  if (!last) throw new Error(`No code was sent to ${phoneNumber}`);
  return last.code;
}

export interface TestUser {
  uid: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
}

/** An onboarded account with a phone number, as if it had signed up earlier. */
export async function createUser(
  fields: Partial<Omit<TestUser, 'uid'>> & { isAdmin?: boolean } = {},
): Promise<TestUser> {
  const phoneNumber = fields.phoneNumber ?? newPhoneNumber();
  const { uid } = await adminAuth.createUser({ phoneNumber });
  const user = {
    uid,
    phoneNumber,
    firstName: fields.firstName ?? 'Test',
    lastName: fields.lastName ?? 'Person',
  };
  await adminDb.doc(`users/${uid}`).set({
    phoneNumber,
    firstName: user.firstName,
    lastName: user.lastName,
    email: null,
    profilePictureUrl: null,
    isAdmin: fields.isAdmin === true,
    termsAccepted: true,
    onboarded: true,
    createdAt: FieldValue.serverTimestamp(),
  });
  return user;
}

/** What the client SDK does with a custom token: exchanges it for an ID token, and holds that. */
export async function idTokenFor(customToken: string): Promise<string> {
  const host = requireEnv('FIREBASE_AUTH_EMULATOR_HOST');
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  if (res.status !== 200) throw new Error(`signInWithCustomToken answered ${res.status}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** A custom token's ID token, decoded: the claims a signed-in client would carry. */
export async function signInWithCustomToken(token: string) {
  return adminAuth.verifyIdToken(await idTokenFor(token));
}

/** Gives an account /admin/login credentials (the seed does the same for the demo admin). */
export async function createAdminCredentials(uid: string, username: string, password: string) {
  const { newCredentials } = await import('../../functions/src/features/auth/passwords');
  await adminDb.doc(`credentials/${uid}`).set(await newCredentials(username, password));
}
