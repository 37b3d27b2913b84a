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
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firebase } from './firebase.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const EMULATORS = 'auth,firestore,functions,hosting';
// Emulators firebase-tools may start on fixed default ports unless told otherwise.
const IMPLICIT_PORTS = { tasks: 9499, eventarc: 9299 };

const offset = Number(process.env.MOMENTS_TEST_PORT_OFFSET ?? 1000);
if (!Number.isInteger(offset) || offset <= 0 || offset % 1000 !== 0 || offset > 50_000) {
  throw new Error('MOMENTS_TEST_PORT_OFFSET must be a positive multiple of 1000 (up to 50000).');
}

// Ports browsers and fetch() refuse to connect to (the Fetch standard's "bad ports") that a
// shift can land on: Firestore's 8080 + 2000. The next port is free (no default ends in 081).
const BAD_PORTS = new Set([6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);
const usable = (port) => (BAD_PORTS.has(port) ? port + 1 : port);

/** firebase.json with every emulator port shifted and Hosting serving the test build. */
export function testConfig(base, shift) {
  const emulators = { ...base.emulators };
  for (const [name, value] of Object.entries(emulators)) {
    if (value && typeof value === 'object' && 'port' in value) {
      emulators[name] = { ...value, port: usable(value.port + shift) };
    }
  }
  for (const [name, port] of Object.entries(IMPLICIT_PORTS)) {
    emulators[name] = { host: '127.0.0.1', port: usable(port + shift) };
  }
  return { ...base, hosting: { ...base.hosting, public: 'web/dist-test' }, emulators };
}

function run(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`)),
    );
  });
}

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const files = args.filter((arg) => arg !== '--no-build');

const config = testConfig(JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')), offset);
const configFile = `firebase.test-${offset}.local.json`;
writeFileSync(join(root, configFile), `${JSON.stringify(config, null, 2)}\n`);

if (build) {
  await run('npm', ['run', 'build', '-w', 'web', '--', '--outDir', 'dist-test'], {
    VITE_AUTH_EMULATOR_PORT: String(config.emulators.auth.port),
    VITE_FIRESTORE_EMULATOR_PORT: String(config.emulators.firestore.port),
  });
}

const vitestBin = join(root, 'node_modules', '.bin', 'vitest');
const vitest = [vitestBin, 'run --project rules --project api --project e2e', ...files].join(' ');
const child = await firebase([
  'emulators:exec',
  '--config',
  configFile,
  '--only',
  EMULATORS,
  vitest,
]);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
