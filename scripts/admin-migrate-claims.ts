// `npm run admin:migrate-claims`
// One-off, after deploying the admin-login claim: removes the `admin` claim that earlier versions
// stored on accounts (and any stored claim of the admin login's name), so no sign-in of any kind
// carries it again. Run it against the project the Admin SDK is pointed at: a real one with
// GOOGLE_APPLICATION_CREDENTIALS and GCLOUD_PROJECT set, or the emulators when
// FIREBASE_AUTH_EMULATOR_HOST is set. Safe to run again: it only removes. docs/security.md.
import { dropStoredAdminClaimsOfEveryone } from '../functions/src/lib/admin-claim';
import { runCli } from './run-cli';

async function main(): Promise<void> {
  const { checked, cleared } = await dropStoredAdminClaimsOfEveryone();
  for (const uid of cleared) console.log(`${uid}: stored admin claim removed`);
  console.log(`Checked ${checked} accounts; removed stored admin claims from ${cleared.length}.`);
}

runCli(main);
