// Prepares what the Firestore emulator needs to start offline (see docs/emulators.md):
// firebase-tools starts its emulator with `java -jar`, and the JAR shipped by Debian's
// google-cloud-cli-firestore-emulator has no Main-Class. A manifest-only launcher JAR
// points at it. Idempotent; run by `npm start` and `npm test`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const launcherJar = join(root, '.emulators', 'firestore-launcher.jar');

function findEmulatorJar() {
  const known =
    '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
  if (existsSync(known)) return known;
  try {
    const files = execFileSync('dpkg', ['-L', 'google-cloud-cli-firestore-emulator'], {
      encoding: 'utf8',
    });
    return files.split('\n').find((f) => f.endsWith('cloud-firestore-emulator.jar'));
  } catch {
    return undefined;
  }
}

export function ensureLauncher() {
  const jar = findEmulatorJar();
  if (!jar) {
    throw new Error(
      'The Firestore emulator is missing: apt-get install -y google-cloud-cli-firestore-emulator',
    );
  }
  const manifest =
    'Manifest-Version: 1.0\n' +
    'Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\n' +
    `Class-Path: ${jar}\n`;
  const dir = dirname(launcherJar);
  const manifestFile = join(dir, 'MANIFEST.MF');
  if (
    existsSync(launcherJar) &&
    existsSync(manifestFile) &&
    readFileSync(manifestFile, 'utf8') === manifest
  ) {
    return launcherJar;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(manifestFile, manifest);
  execFileSync('jar', ['cfm', launcherJar, manifestFile]);
  return launcherJar;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`Firestore emulator launcher: ${ensureLauncher()}`);
}
