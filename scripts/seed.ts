// Demo data for `npm start` (first run only): three people, a private moment with photos
// and entries, a moment shared between two of them, and 60 days of history for the admin
// dashboard (seed-history.ts). It goes through the same domain functions as the API, so the
// data has exactly the shape the app writes.
import sharp from 'sharp';
import { getAuth } from 'firebase-admin/auth';
import { db } from '../functions/src/lib/firebase';
import { setAdmin } from '../functions/src/features/auth/users';
import { newCredentials } from '../functions/src/features/auth/passwords';
import { addComment } from '../functions/src/features/journals/comments';
import { addPhoto } from '../functions/src/features/journals/images';
import { addMember, createJournal } from '../functions/src/features/journals/journals';
import { processPhoto } from '../functions/src/features/photos/process';
import { onboardedUserDoc } from './onboarded-user.mjs';
import { seedHistory } from './seed-history';

export const DEMO_PEOPLE = [
  { phoneNumber: '+16505550101', firstName: 'Maya', lastName: 'Chen' },
  { phoneNumber: '+16505550102', firstName: 'Leo', lastName: 'Park' },
  { phoneNumber: '+16505550100', firstName: 'Sam', lastName: 'Rivera', isAdmin: true },
] as const;

/** The demo admin's /admin/login credentials (printed by `npm start`). */
export const DEMO_ADMIN = { username: 'admin', password: 'moments-admin' };

/** A landscape drawn locally (no network): sky, sun and hills in the given colours. */
function landscape([sky, sun, hills]: readonly [string, string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff5e6"/></linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#s)"/>
    <circle cx="1150" cy="380" r="150" fill="${sun}"/>
    <path d="M0 900 Q400 600 800 850 T1600 800 V1200 H0Z" fill="${hills}"/>
    <path d="M0 1000 Q500 820 1000 980 T1600 950 V1200 H0Z" fill="#153F33" opacity="0.85"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function person(p: (typeof DEMO_PEOPLE)[number]): Promise<string> {
  const auth = getAuth();
  const existing = await auth.getUserByPhoneNumber(p.phoneNumber).catch(() => undefined);
  const { uid } = existing ?? (await auth.createUser({ phoneNumber: p.phoneNumber }));
  await db.doc(`users/${uid}`).set(onboardedUserDoc(p));
  if ('isAdmin' in p && p.isAdmin) {
    await setAdmin(uid, true);
    await db
      .doc(`credentials/${uid}`)
      .set(await newCredentials(DEMO_ADMIN.username, DEMO_ADMIN.password));
  }
  return uid;
}

export async function seed(): Promise<void> {
  const [maya, leo] = await Promise.all(DEMO_PEOPLE.map(person));
  if (!maya || !leo) throw new Error('demo people missing');

  const bigSur = await createJournal(maya, {
    title: 'Weekend in Big Sur',
    content: 'Fog in the morning, sun by noon, and far too many photos of the same cliff.',
  });
  for (const colours of [
    ['#7fb3d5', '#f7dc6f', '#a9cce3'],
    ['#f5b7b1', '#f39c12', '#d98880'],
    ['#aed6f1', '#fdfefe', '#7dcea0'],
  ] as const) {
    await addPhoto(bigSur, maya, await processPhoto(await landscape(colours)));
  }
  await addComment(bigSur, maya, { text: 'Bixby Bridge at sunrise. #photo 1' });
  await addComment(bigSur, maya, { text: 'The sunset from the campsite, #photo 2 looks great' });

  const reunion = await createJournal(maya, {
    title: 'Family reunion 2026',
    content: 'Everyone in one place for the first time in years.',
  });
  await addMember(reunion, leo, 'contributor');
  for (const colours of [
    ['#d2b4de', '#f8c471', '#82e0aa'],
    ['#85c1e9', '#f0b27a', '#52be80'],
  ] as const) {
    await addPhoto(reunion, maya, await processPhoto(await landscape(colours)));
  }
  await addComment(reunion, maya, { text: 'So good to see everyone!' });
  await addComment(reunion, leo, { text: 'Grandma’s cake in #photo 2 was the best part.' });

  // For the admin dashboard's charts.
  await seedHistory();
}

seed()
  .then(() => {
    console.log('Demo data loaded.');
    process.exit(0);
  })
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
