// `npm start`: runs the app on the Emulator Suite, keeps data between runs in .data/,
// loads demo data on the first run, and prints each sign-in code as it is "sent".
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_APPLE_ID } from './apple-stand-in.mjs';
import { firebase, PROJECT_ID } from './firebase.mjs';
import { bucketFor } from './storage-stand-in.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const exportDir = join(root, '.data', 'emulators');
const firstRun = !existsSync(exportDir);
const APP_URL = 'http://127.0.0.1:5050';
const AUTH_HOST = '127.0.0.1:9099';
// What the analytics stand-in receives is kept beside the emulator data.
process.env.ANALYTICS_STAND_IN_DATA_DIR ??= join(root, '.data', 'analytics');
// Photo bytes: the Cloud Storage stand-in keeps them in .data/storage, on the Storage
// emulator's usual port so the seed below can reach it too.
const storageDir = join(root, '.data', 'storage');
const oldPhotoDir = join(root, '.data', 'photos');
const importOldPhotos = existsSync(oldPhotoDir) && !existsSync(storageDir);
process.env.STORAGE_STAND_IN_PORT ??= '9199';
const STORAGE_URL = `http://127.0.0.1:${process.env.STORAGE_STAND_IN_PORT}`;

const args = [
  'emulators:start',
  '--only',
  'auth,firestore,functions,hosting',
  '--export-on-exit',
  exportDir,
];
if (!firstRun) args.push('--import', exportDir);
const emulators = await firebase(args, {
  stripeStateFile: join(root, '.data', 'stripe-stand-in.json'),
  storageDataDir: storageDir,
});
emulators.on('exit', (code) => process.exit(code ?? 0));
// Ctrl-C reaches the emulators too; they export the data and exit, and so do we.
process.on('SIGINT', () => {});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForApi() {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`${APP_URL}/api/user`);
      if (res.status === 401) return;
    } catch {
      // not up yet
    }
    await sleep(1000);
  }
  throw new Error('The emulators did not start within 5 minutes.');
}

function run(cmd, cmdArgs, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, cmdArgs, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`)),
    );
  });
}

async function printCodes() {
  const seen = new Set();
  for (;;) {
    try {
      const res = await fetch(
        `http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`,
      );
      const { verificationCodes = [] } = await res.json();
      for (const { phoneNumber, code, sessionInfo } of verificationCodes) {
        if (seen.has(sessionInfo)) continue;
        seen.add(sessionInfo);
        console.log(`\n  >>> SMS to ${phoneNumber}: your Moments code is ${code}\n`);
      }
    } catch {
      // emulator restarting or stopping
    }
    await sleep(1000);
  }
}

/** Data from before the stand-in kept photos in .data/photos: uploaded to it once. */
async function uploadOldPhotos() {
  const files = readdirSync(oldPhotoDir, { recursive: true, withFileTypes: true }).filter((f) =>
    f.isFile(),
  );
  for (const file of files) {
    const path = join(file.parentPath, file.name);
    const name = relative(oldPhotoDir, path).split('\\').join('/');
    const upload = `${STORAGE_URL}/upload/storage/v1/b/${bucketFor(PROJECT_ID)}/o`;
    await fetch(`${upload}?uploadType=media&name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/webp' },
      body: readFileSync(path),
    });
  }
  console.log(`Moved ${files.length} photo files from .data/photos to the storage stand-in.`);
}

await waitForApi();
if (importOldPhotos) await uploadOldPhotos();
if (firstRun) {
  console.log('First run: loading demo data...');
  await run(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/seed.ts'], {
    GCLOUD_PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
    FIREBASE_AUTH_EMULATOR_HOST: AUTH_HOST,
    STORAGE_EMULATOR_HOST: STORAGE_URL,
    // As the Functions emulator does: no probing for a Google Cloud metadata server.
    METADATA_SERVER_DETECTION: 'none',
    // What the Functions emulator gives the function: the project and its default bucket.
    FIREBASE_CONFIG: JSON.stringify({
      projectId: PROJECT_ID,
      storageBucket: bucketFor(PROJECT_ID),
    }),
  });
}
console.log(`
  Moments is running: open ${APP_URL}

  Demo accounts (sign in with the phone number):
    Maya Chen   +1 650-555-0101   (a private moment and one shared with Leo)
    Leo Park    +1 650-555-0102
    Sam Rivera  +1 650-555-0100   (admin; /admin/login: admin / moments-admin)

  Sign in with Apple opens a local stand-in of Apple's page: any Apple ID there
  (${DEMO_APPLE_ID} is filled in) is a test person; a new one is asked for a name.

  Moments Plus (/subscribe, My Account) pays through a local stand-in of Stripe
  Checkout: card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.

  No SMS is sent: each code is printed here as ">>> SMS to ..." and listed at
  http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/verificationCodes

  Data is kept in .data/ between runs (delete it to start over). Ctrl-C stops.
`);
printCodes();
