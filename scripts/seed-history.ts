// Sixty days of made-up history for the admin dashboard's charts (`npm start`, first run):
// people signing up, moments created and shared through links, entries posted, and the daily
// counters the app keeps as it runs. Written in a few batches, in the shape the app's domain
// functions write, to keep the first start quick. Deterministic: the same history every time.
import { createHash, randomBytes } from 'node:crypto';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../functions/src/lib/firebase';
import { dayKey } from '../functions/src/features/admin/activity';
import { memberStateRef } from '../functions/src/features/journals/model';

const DAYS = 60;
const DAY_MS = 86_400_000;
const FIRST = ['Ava', 'Ben', 'Cleo', 'Dev', 'Emma', 'Finn', 'Gia', 'Hugo', 'Isla', 'Jon'];
const LAST = ['Adams', 'Brooks', 'Cruz', 'Diaz', 'Evans', 'Fox'];
const STATUSES = [null, null, null, 'active', 'trialing', 'past_due', 'canceled'] as const;

/** A small linear congruential generator. */
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
  const at = (daysAgo: number) => Timestamp.fromMillis(now - daysAgo * DAY_MS);
  // More sign-ups lately: ages skewed towards today.
  const ageOf = () => Math.floor(DAYS * rand() ** 1.6);

  const accounts = Array.from({ length: people }, (_, i) => ({
    uid: `history-${String(i).padStart(3, '0')}`,
    phoneNumber: `+1650555${String(2000 + i).padStart(4, '0')}`,
    firstName: FIRST[i % FIRST.length] as string,
    lastName: pick(LAST),
    age: ageOf(),
  }));
  await getAuth().importUsers(accounts.map(({ uid, phoneNumber }) => ({ uid, phoneNumber })));
  const profiles = db.batch();
  for (const a of accounts) {
    profiles.set(db.doc(`users/${a.uid}`), {
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
      createdAt: at(a.age + rand() * 0.5),
      lastActiveAt: at(Math.floor(rand() * Math.min(a.age + 1, 20))),
    });
  }
  await profiles.commit();

  const writes = db.batch(); // about 290 writes: under a batch's 500
  const accepted = new Map<string, number>();
  for (let m = 0; m < 24; m++) {
    const owner = pick(accounts);
    const age = Math.min(owner.age, ageOf());
    const journal = db.collection('journals').doc();
    const members = [owner];
    const guest = pick(accounts);
    // Some moments were shared through a link for anyone, a day or two after they were made.
    const joinedAgo = Math.max(0, age - Math.floor(rand() * 3));
    if (rand() > 0.4 && guest !== owner) {
      members.push(guest);
      const hash = createHash('sha256').update(randomBytes(32)).digest('hex');
      writes.set(db.doc(`invites/${hash}`), {
        journalId: journal.id,
        inviterId: owner.uid,
        targetPhoneNumber: null,
        status: 'pending',
        createdAt: at(age),
        expiresAt: at(age - 14),
        usedAt: at(joinedAgo),
        usedByUserId: guest.uid,
        acceptedCount: 1,
        metadata: { inviterName: owner.firstName },
      });
      const day = dayKey(now - joinedAgo * DAY_MS);
      accepted.set(day, (accepted.get(day) ?? 0) + 1);
    }
    // The shape createJournal and addMember write (memberStates below).
    writes.set(journal, {
      userId: owner.uid,
      title: `Trip ${m + 1}`,
      content: null,
      coverImageId: null,
      cover: null,
      photoCount: 0,
      nextPhotoSeq: 1,
      memberIds: members.map((p) => p.uid),
      members: Object.fromEntries(
        members.map((p) => [
          p.uid,
          {
            role: p === owner ? 'owner' : 'contributor',
            addedAt: p === owner ? at(age) : at(joinedAgo),
            firstName: p.firstName,
            lastName: p.lastName,
            profilePictureUrl: null,
          },
        ]),
      ),
      createdAt: at(age),
      updatedAt: at(0),
    });
    for (const p of members) {
      writes.set(memberStateRef(journal.id, p.uid), {
        journalId: journal.id,
        userId: p.uid,
        isPinned: false,
        newCommentsCount: 0,
        lastViewedAt: null,
      });
    }
    const entries = 2 + Math.floor(rand() * 6);
    for (let e = 0; e < entries; e++) {
      const author = pick(members);
      writes.set(journal.collection('comments').doc(), {
        userId: author.uid,
        text: `Entry ${e + 1}`,
        photoId: null,
        parentCommentId: null,
        createdAt: at(Math.floor(rand() * (age + 1))),
        user: {
          id: author.uid,
          firstName: author.firstName,
          lastName: author.lastName,
          profilePictureUrl: null,
        },
      });
    }
  }
  // The counters the app keeps as it runs (functions/src/features/admin/activity.ts).
  for (let d = 0; d < DAYS; d++) {
    const day = dayKey(now - d * DAY_MS);
    const signedUp = accounts.filter((a) => a.age >= d).length;
    writes.set(db.doc(`dailyStats/${day}`), {
      activePeople: Math.round(signedUp * (0.25 + rand() * 0.2)),
      invitesAccepted: accepted.get(day) ?? 0,
    });
  }
  await writes.commit();
}
