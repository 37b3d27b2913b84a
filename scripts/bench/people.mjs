// People and moments for the benchmark, made through the Admin SDK and the API (inside
// emulators:exec, whose *_HOST variables point both at the bench's emulators).
import { randomBytes } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { onboardedUserDoc } from '../onboarded-user.mjs';
import { detailedPhoto } from './photos.mjs';

const PROJECT_ID = 'demo-moments';
const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
export const adminDb = getFirestore(app);
export const adminAuth = getAuth(app);

let base;
/** The Hosting emulator's URL (pages and the /api rewrite). */
export async function appUrl() {
  if (base) return base;
  const res = await fetch(`http://${process.env.FIREBASE_EMULATOR_HUB}/emulators`);
  const { hosting } = await res.json();
  base = `http://${hosting.host}:${hosting.port}`;
  return base;
}

const run = randomBytes(3).toString('hex');
let made = 0;

/** An onboarded account with an ID token for `Authorization: Bearer`. */
export async function newPerson(firstName) {
  made += 1;
  const uid = `bench${run}${made}`;
  await adminAuth.createUser({ uid });
  await adminDb
    .doc(`users/${uid}`)
    .set(onboardedUserDoc({ phoneNumber: null, firstName, lastName: 'Bench' }));
  const customToken = await adminAuth.createCustomToken(uid);
  const res = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=bench`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  const { idToken } = await res.json();
  // Each person calls from an address of their own (limits are per client address).
  const address = `10.77.${Math.floor(made / 250)}.${(made % 250) + 1}`;
  return { uid, firstName, idToken, address };
}

/** One API call as `person`: status, body and how long it took. */
export async function call(person, method, path, body) {
  const started = performance.now();
  const sentAt = Date.now();
  let res;
  try {
    res = await fetch(`${await appUrl()}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${person.idToken}`,
        'X-Forwarded-For': person.address,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    // A connection dropped under load is a failed request (status 0), not the end of the run.
    return {
      status: 0,
      body: { message: String(error.cause?.code ?? error) },
      ms: performance.now() - started,
      sentAt,
    };
  }
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, ms: performance.now() - started, sentAt };
}

/**
 * Uploads a JPEG as `person` (multipart, as the app sends it); throws unless stored. A 5xx
 * (a transaction that lost a race on a loaded emulator) is retried, as the app's outbox does.
 */
export async function upload(person, path, bytes, attempts = 4) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${await appUrl()}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${person.idToken}`, 'X-Forwarded-For': person.address },
    body: form,
  });
  if (res.status >= 500 && attempts > 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return upload(person, path, bytes, attempts - 1);
  }
  if (res.status !== 201)
    throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** `call`, refusing any answer but `expected`: the body. */
export async function ok(person, method, path, body, expected = [200, 201]) {
  const res = await call(person, method, path, body);
  if (!expected.includes(res.status)) {
    throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

/**
 * A moment of `count` people: the first creates it, the others join through an invite link
 * (as a family does), and everyone opens it once so their badges start at 0 (`oneAtATime`: one
 * after the other, for a party of 50 that would otherwise all open it in the same instant).
 */
export async function sharedMoment(count, title, { oneAtATime = false } = {}) {
  const people = await Promise.all(
    Array.from({ length: count }, (_, i) => newPerson(`Guest${i + 1}`)),
  );
  const [owner, ...guests] = people;
  const journal = await ok(owner, 'POST', '/api/journals', { title });
  const link = await ok(owner, 'POST', `/api/journals/${journal.id}/invites`, {});
  for (const guest of guests) {
    const accepted = await ok(guest, 'POST', `/api/journals/${journal.id}/accept-invite`, {
      inviteToken: link.token,
    });
    if (!accepted.success) throw new Error(`accept-invite: ${JSON.stringify(accepted)}`);
  }
  const view = (p) => ok(p, 'POST', `/api/journals/${journal.id}/view`);
  if (oneAtATime) for (const p of people) await view(p);
  else await Promise.all(people.map(view));
  return { journalId: journal.id, people };
}

/** The badge GET /api/journals shows `person` on the moment. */
export async function badgeOf(person, journalId) {
  const list = await ok(person, 'GET', '/api/journals');
  return list.find((j) => j.id === journalId)?.newCommentsCount;
}

/** Every stored entry's text of a moment, read with the Admin SDK. */
export async function storedTexts(journalId) {
  const snap = await adminDb.collection(`journals/${journalId}/comments`).get();
  return snap.docs.map((d) => d.get('text'));
}

/** Runs `task` for 0..count-1, `parallel` at a time. */
export async function pool(count, parallel, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * A person with `moments` moments of one photo each, the first with 6 photos and 20 entries:
 * their session cookie and that first moment's id (the touch and profile benches' visit).
 */
export async function browsingPerson(firstName, moments) {
  const person = await newPerson(firstName);
  const photos = await Promise.all([1, 2, 3].map((i) => detailedPhoto(i)));
  const ids = [];
  for (let i = 0; i < moments; i += 1) {
    const res = await call(person, 'POST', '/api/journals', { title: `Moment ${i + 1}` });
    ids.push(res.body.id);
    await upload(person, `/api/journals/${res.body.id}/images`, photos[i % photos.length]);
  }
  const [detail] = ids;
  for (let i = 1; i < 6; i += 1) {
    await upload(person, `/api/journals/${detail}/images`, photos[i % photos.length]);
  }
  for (let i = 0; i < 20; i += 1) {
    await call(person, 'POST', `/api/journals/${detail}/comments`, { text: `Entry ${i + 1}` });
  }
  const cookie = await adminAuth.createSessionCookie(person.idToken, { expiresIn: 3_600_000 });
  return { cookie, detail };
}
