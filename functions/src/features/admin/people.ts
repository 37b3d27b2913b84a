// The People pages: search and newest-first paging over users, and one person's figures. Rows
// come from the users documents alone (the per-person counters of counters.ts), so a page of
// 20 costs 20 document reads and no read per row.
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  parsePeopleSearch,
  type AdminPeoplePage,
  type AdminPerson,
  type AdminPersonRow,
  type SignInMethod,
} from '@moments/shared';
import { Timestamp, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';

const users = db.collection('users');

function iso(value: unknown): string | null {
  return value instanceof Timestamp ? value.toDate().toISOString() : null;
}

function signInMethod(doc: DocumentSnapshot): SignInMethod {
  if (doc.get('appleUserId') && !doc.get('phoneNumber')) return 'apple';
  return doc.get('phoneVerified') === false ? 'phone-unverified' : 'phone';
}

function stat(doc: DocumentSnapshot, name: string): number {
  return Math.max(0, (doc.get(`stats.${name}`) as number | undefined) ?? 0);
}

export function toPersonRow(doc: DocumentSnapshot): AdminPersonRow {
  return {
    id: doc.id,
    firstName: (doc.get('firstName') as string | null) ?? null,
    lastName: (doc.get('lastName') as string | null) ?? null,
    phoneNumber: (doc.get('phoneNumber') as string | null) ?? null,
    email: (doc.get('email') as string | null) ?? null,
    signInMethod: signInMethod(doc),
    createdAt: iso(doc.get('createdAt')) ?? new Date(0).toISOString(),
    lastActiveAt: iso(doc.get('lastActiveAt')),
    isAdmin: doc.get('isAdmin') === true,
    disabled: doc.get('disabled') === true,
    subscriptionStatus: (doc.get('subscriptionStatus') as string | null) ?? null,
    momentsOwned: stat(doc, 'momentsOwned'),
    momentsJoined: stat(doc, 'momentsJoined'),
    photos: stat(doc, 'photos'),
  };
}

/** Names as people type them: "maya" or "MAYA" finds "Maya", "maya" and "MAYA". */
export function spellings(word: string): string[] {
  const lower = word.toLowerCase();
  const capitalised = lower.charAt(0).toUpperCase() + lower.slice(1);
  return [...new Set([word, lower, capitalised])];
}

function prefix(field: string, value: string): Query {
  return users.where(field, '>=', value).where(field, '<', `${value}\uf8ff`).limit(ADMIN_PAGE_SIZE);
}

async function search(q: string): Promise<DocumentSnapshot[]> {
  const parsed = parsePeopleSearch(q);
  if (parsed.kind === 'phone') {
    return (await users.where('phoneNumber', '==', parsed.phoneNumber).limit(5).get()).docs;
  }
  if (parsed.kind === 'email') {
    const snaps = await Promise.all(
      [...new Set([parsed.email, q.trim()])].map((e) =>
        users.where('email', '==', e).limit(5).get(),
      ),
    );
    return snaps.flatMap((s) => s.docs);
  }
  const [first = '', ...rest] = parsed.words;
  if (!first) return [];
  // One word: a first or last name starting with it. Several: the first word starts the
  // first name and the rest the last name.
  const queries = spellings(first).flatMap((w) =>
    rest.length ? [prefix('firstName', w)] : [prefix('firstName', w), prefix('lastName', w)],
  );
  const docs = (await Promise.all(queries.map((query) => query.get()))).flatMap((s) => s.docs);
  const last = rest.join(' ').toLowerCase();
  return docs.filter(
    (d) => !last || ((d.get('lastName') as string | null) ?? '').toLowerCase().startsWith(last),
  );
}

export async function findPeople(q: string | undefined, cursor?: string): Promise<AdminPeoplePage> {
  if (q) {
    const seen = new Map<string, DocumentSnapshot>();
    for (const doc of await search(q)) seen.set(doc.id, doc);
    const people = [...seen.values()].map(toPersonRow);
    people.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { people: people.slice(0, ADMIN_PAGE_SIZE), nextCursor: null };
  }
  let query = users.orderBy('createdAt', 'desc');
  if (cursor) {
    const after = await users.doc(cursor).get();
    if (!after.exists) throw new ApiError(400, ADMIN_MESSAGES.badCursor);
    query = query.startAfter(after);
  }
  const snap = await query.limit(ADMIN_PAGE_SIZE + 1).get();
  const docs = snap.docs.slice(0, ADMIN_PAGE_SIZE);
  return {
    people: docs.map(toPersonRow),
    nextCursor: snap.size > ADMIN_PAGE_SIZE ? (docs[docs.length - 1]?.id ?? null) : null,
  };
}

/** A person's page: the row's figures plus entries written (one count) and the admin login. */
export async function getPerson(uid: string): Promise<AdminPerson> {
  const doc = await users.doc(uid).get();
  if (!doc.exists) throw new ApiError(404, ADMIN_MESSAGES.notFound);
  const [entries, credentials] = await Promise.all([
    db.collectionGroup('comments').where('userId', '==', uid).count().get(),
    db.doc(`credentials/${uid}`).get(),
  ]);
  return {
    ...toPersonRow(doc),
    entries: entries.data().count,
    adminUsername:
      doc.get('isAdmin') === true ? ((credentials.get('username') as string) ?? null) : null,
  };
}
