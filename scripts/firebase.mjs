// Runs the project's firebase-tools with the offline Firestore emulator wired in and the
// demo project id, so no command can touch a real Firebase project by accident.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureLauncher } from './setup-emulators.mjs';

export const PROJECT_ID = 'demo-moments';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function firebase(args, options = {}) {
  const env = { ...process.env, FIRESTORE_EMULATOR_BINARY_PATH: ensureLauncher(), ...options.env };
  return spawn(join(root, 'node_modules', '.bin', 'firebase'), [...args, '--project', PROJECT_ID], {
    cwd: root,
    env,
    stdio: options.stdio ?? 'inherit',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const child = firebase(process.argv.slice(2));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
