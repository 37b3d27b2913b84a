// Runs the rules, API and browser tests on an Emulator Suite of their own, so `npm test` works
// while `npm start` is running (and several checkouts can test side by side).
//
// The suite's ports are firebase.json's shifted by MOMENTS_TEST_PORT_OFFSET (default 1000:
// Hosting 6050, Auth 10099, Firestore 9080, ...). The defaults' last three digits all differ,
// so suites whose offsets are different multiples of 1000 never share a port. The web app is
// built for those ports into web/dist-test; firebase.test-<offset>.local.json points at it.
//
//   node scripts/emulated-tests.mjs                      build the web app, run every test
//   node scripts/emulated-tests.mjs --no-build tests/api/session.test.ts   just that file
import { join } from 'node:path';
import { firebase } from './firebase.mjs';
import { WORKER_START_TIMEOUT, buildWebFor, root, writeShiftedConfig } from './test-ports.mjs';

const EMULATORS = 'auth,firestore,functions,hosting';

const offset = Number(process.env.MOMENTS_TEST_PORT_OFFSET ?? 1000);
if (!Number.isInteger(offset) || offset <= 0 || offset % 1000 !== 0 || offset > 50_000) {
  throw new Error('MOMENTS_TEST_PORT_OFFSET must be a positive multiple of 1000 (up to 50000).');
}

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const files = args.filter((arg) => arg !== '--no-build');

const { config, file: configFile } = writeShiftedConfig(`test-${offset}`, offset, 'web/dist-test');

if (build) await buildWebFor(config, 'dist-test');

const vitestBin = join(root, 'node_modules', '.bin', 'vitest');
const vitest = [vitestBin, 'run --project rules --project api --project e2e', ...files].join(' ');
const child = await firebase(
  ['emulators:exec', '--config', configFile, '--only', EMULATORS, vitest],
  { env: WORKER_START_TIMEOUT },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
