// Connects the rules tests to the Firestore emulator that `firebase emulators:exec` started,
// loads firestore.rules into it, and hands out one client per kind of caller.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { MOMENT_A, SEED, UID, type Caller } from './fixtures';

/** The compat Firestore client that @firebase/rules-unit-testing hands out. */
export type Db = ReturnType<RulesTestContext['firestore']>;
/** A query on that client; a collection reference is one too. */
export type Query = ReturnType<ReturnType<Db['collection']>['where']>;

const RULES_FILE = fileURLToPath(new URL('../../firestore.rules', import.meta.url));

export async function startRulesEnvironment(): Promise<RulesTestEnvironment> {
  // Fail fast with the fix, rather than with a connection error in every test.
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    throw new Error(
      'FIRESTORE_EMULATOR_HOST is not set: run the rules tests inside ' +
        '`node scripts/firebase.mjs emulators:exec --only firestore "npx vitest run --project rules"`.',
    );
  }
  // Denials are what most tests expect; the SDK would log each one as an error.
  firebase.firestore.setLogLevel('silent');
  return initializeTestEnvironment({
    projectId: 'demo-moments-rules',
    firestore: { rules: readFileSync(RULES_FILE, 'utf8') },
  });
}

/** Wipes the emulator and writes every fixture document, as the Admin SDK would (rules off). */
export async function resetData(env: RulesTestEnvironment): Promise<void> {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    const batch = db.batch();
    for (const [path, data] of Object.entries(SEED)) batch.set(db.doc(path), data);
    await batch.commit();
  });
}

/** Writes as the Admin SDK would, bypassing the rules; for setting up a case. */
export async function asAdminSdk(
  env: RulesTestEnvironment,
  write: (db: Db) => Promise<unknown>,
): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    await write(context.firestore());
  });
}

/** An entry of moment A by its owner: its id and text, and any field to set besides. */
export interface OwnerEntry {
  id: string;
  text: string;
  [field: string]: unknown;
}

/** Writes entries by moment A's owner, a minute apart from 2030-01-01 00:`firstMinute`. */
export async function seedOwnerEntries(
  env: RulesTestEnvironment,
  entries: readonly OwnerEntry[],
  firstMinute = 0,
): Promise<void> {
  await asAdminSdk(env, async (db) => {
    const batch = db.batch();
    entries.forEach(({ id, ...fields }, i) => {
      batch.set(db.doc(`journals/${MOMENT_A}/comments/${id}`), {
        userId: UID.owner,
        photoId: null,
        parentCommentId: null,
        createdAt: firebase.firestore.Timestamp.fromMillis(
          Date.UTC(2030, 0, 1, 0, firstMinute + i),
        ),
        user: { id: UID.owner, firstName: 'Olive', lastName: 'Owner', profilePictureUrl: null },
        ...fields,
      });
    });
    return batch.commit();
  });
}

const clients = new WeakMap<RulesTestEnvironment, Map<string, Db>>();

/** The caller's client, signed in with their uid and token claims (or signed out). */
export function clientFor(env: RulesTestEnvironment, caller: Caller): Db {
  let byCaller = clients.get(env);
  if (!byCaller) {
    byCaller = new Map();
    clients.set(env, byCaller);
  }
  const key = `${caller.uid ?? ''}:${JSON.stringify(caller.token ?? {})}`;
  let db = byCaller.get(key);
  if (!db) {
    const context = caller.uid
      ? env.authenticatedContext(caller.uid, caller.token)
      : env.unauthenticatedContext();
    db = context.firestore();
    byCaller.set(key, db);
  }
  return db;
}
