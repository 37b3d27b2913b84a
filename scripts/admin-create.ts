// `npm run admin:create -- --phone +16505550100 --username sam --password '...'`
// Makes an existing account (found by phone number or uid) an admin with an admin login, on
// the project the Admin SDK is pointed at: a real one with GOOGLE_APPLICATION_CREDENTIALS and
// GCLOUD_PROJECT set (docs/admin.md, "The first admin"), or the emulators when
// FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST are set.
import { parseArgs } from 'node:util';
import { getAuth } from 'firebase-admin/auth';
import { makeAdminSchema, parsePeopleSearch } from '@moments/shared';
import { db } from '../functions/src/lib/firebase';
import { makeAdmin } from '../functions/src/features/admin/actions';
import { runCli } from './run-cli';

const USAGE =
  'Usage: npm run admin:create -- (--phone <number> | --uid <uid>) --username <name> --password <password>';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      phone: { type: 'string' },
      uid: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
    },
  });
  const credentials = makeAdminSchema.safeParse(values);
  if ((!values.phone && !values.uid) || !credentials.success) {
    throw new Error(credentials.error?.issues[0]?.message ?? USAGE);
  }
  let uid = values.uid;
  if (!uid && values.phone) {
    const search = parsePeopleSearch(values.phone);
    if (search.kind !== 'phone') throw new Error(`Not a phone number: ${values.phone}`);
    uid = (await getAuth().getUserByPhoneNumber(search.phoneNumber)).uid;
  }
  if (!uid || !(await db.doc(`users/${uid}`).get()).exists) {
    throw new Error('No such account: the person signs up in the app first.');
  }
  await makeAdmin(uid, credentials.data);
  await db.collection('auditLog').doc().create({
    action: 'account.make_admin',
    actorId: null,
    actorName: 'npm run admin:create',
    targetId: uid,
    targetName: null,
    detail: null,
    clientAddress: null,
    at: new Date(),
  });
  console.log(`${uid} is an admin; sign in at /admin/login as "${credentials.data.username}".`);
}

runCli(main, USAGE);
