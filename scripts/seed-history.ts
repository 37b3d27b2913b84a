// Sixty days of made-up history for the admin dashboard's charts (`npm start`, first run):
// people signing up, moments created and shared, entries posted, daily activity and invites
// accepted. Moments and entries go through the app's own domain functions and are then
// dated back, so they have exactly the shape the app writes. Deterministic, and quick: one
// Auth import for all the people, one batch per kind of backdating.
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../functions/src/lib/firebase';
import { dayKey } from '../functions/src/features/admin/activity';
import { addComment, addMember, createJournal } from '../functions/src/features/journals/journals';

const DAYS = 60;
const DAY_MS = 86_400_000;
const FIRST = ['Ava', 'Ben', 'Cleo', 'Dev', 'Emma', 'Finn', 'Gia', 'Hugo', 'Isla', 'Jon'];
const LAST = ['Adams', 'Brooks', 'Cruz', 'Diaz', 'Evans', 'Fox'];
const STATUSES = [null, null, null, 'active', 'trialing', 'past_due', 'canceled'] as const;

/** A small linear congruential generator: the same history on every first run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export async function seedHistory(people = 45, now = Date.now()): Promise<void> {
  const rand = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  // More sign-ups lately: day offsets skewed towards today.
  const ageOf = () => Math.floor(DAYS * rand() ** 1.6);

  const accounts = Array.from({ length: people }, (_, i) => ({
    uid: `history-${String(i).padStart(3, '0')}`,
    phoneNumber: `+1650555${String(2000 + i).padStart(4, '0')}`,
    firstName: FIRST[i % FIRST.length] as string,
    lastName: pick(LAST),
    age: ageOf(),
  }));
  await getAuth().importUsers(
    accounts.map(({ uid, phoneNumber }) => ({ uid, phoneNumber })),
  );
  const batch = db.batch();
  for (const a of accounts) {
    const createdAt = now - a.age * DAY_MS - Math.floor(rand() * DAY_MS * 0.5);
    batch.set(db.doc(`users/${a.uid}`), {
      phoneNumber: a.phoneNumber,
      phoneVerified: rand() > 0.1,
      firstName: a.firstName,
      lastName: a.lastName,
      email: rand() > 0.5 ? `${a.firstName.toLowerCase()}.${a.uid.slice(-3)}@example.com` : null,
      profilePictureUrl: null,
      isAdmin: false,
      termsAccepted: true,
      onboarded: true,
      subscriptionStatus: pick(STATUSES),
      createdAt: Timestamp.fromMillis(createdAt),
      lastActiveAt: Timestamp.fromMillis(now - Math.floor(rand() * Math.min(a.age + 1, 20)) * DAY_MS),
    });
  }
  await batch.commit();

  // Moments, some shared, with entries over the days after they were made.
  const backdate = db.batch();
  for (let m = 0; m < 24; m++) {
    const owner = pick(accounts);
    const age = Math.min(owner.age, ageOf());
    const journalId = await createJournal(owner.uid, { title: `Trip ${m + 1}`, content: null });
    const members = [owner];
    if (rand() > 0.4) {
      const guest = pick(accounts);
      if (guest !== owner) {
        await addMember(journalId, guest.uid);
        members.push(guest);
      }
    }
    backdate.update(db.doc(`journals/${journalId}`), {
      createdAt: Timestamp.fromMillis(now - age * DAY_MS),
    });
    const entries = 2 + Math.floor(rand() * 6);
    for (let e = 0; e < entries; e++) {
      const posted = await addComment(journalId, pick(members).uid, { text: `Entry ${e + 1}` });
      backdate.update(db.doc(`journals/${journalId}/comments/${posted.id}`), {
        createdAt: Timestamp.fromMillis(now - Math.floor(rand() * (age + 1)) * DAY_MS),
      });
    }
  }
  await backdate.commit();

  // Daily counters the app keeps as it runs (activity.ts): active people, invites accepted.
  const stats = db.batch();
  for (let d = 0; d < DAYS; d++) {
    const signedUp = accounts.filter((a) => a.age >= d).length;
    stats.set(db.doc(`dailyStats/${dayKey(now - d * DAY_MS)}`), {
      activePeople: Math.round(signedUp * (0.25 + rand() * 0.2)),
      invitesAccepted: Math.floor(rand() * 3),
    });
  }
  await stats.commit();
}
