// Emulator Suites beside the one `npm start` runs: firebase.json with every port shifted by an
// offset and Hosting serving a web build made for those ports. Used by the test runner
// (scripts/emulated-tests.mjs) and the benchmark (scripts/bench.mjs).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Emulators firebase-tools may start on fixed default ports unless told otherwise.
const IMPLICIT_PORTS = { tasks: 9499, eventarc: 9299 };

// Ports browsers and fetch() refuse to connect to (the Fetch standard's "bad ports") that a
// shift can land on: Firestore's 8080 + 2000. The next port is free (no default ends in 081).
const BAD_PORTS = new Set([6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);
const usable = (port) => (BAD_PORTS.has(port) ? port + 1 : port);

/** firebase.json with every emulator port shifted and Hosting serving `publicDir`. */
export function testConfig(base, shift, publicDir = 'web/dist-test') {
  const emulators = { ...base.emulators };
  for (const [name, value] of Object.entries(emulators)) {
    if (value && typeof value === 'object' && 'port' in value) {
      emulators[name] = { ...value, port: usable(value.port + shift) };
    }
  }
  for (const [name, port] of Object.entries(IMPLICIT_PORTS)) {
    emulators[name] = { host: '127.0.0.1', port: usable(port + shift) };
  }
  return { ...base, hosting: { ...base.hosting, public: publicDir }, emulators };
}

/** Writes the shifted config as `firebase.<name>.local.json` (git ignores it); returns both. */
export function writeShiftedConfig(name, shift, publicDir) {
  const base = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const config = testConfig(base, shift, publicDir);
  const file = `firebase.${name}.local.json`;
  writeFileSync(join(root, file), `${JSON.stringify(config, null, 2)}\n`);
  return { config, file };
}

/** Runs a command in the checkout; resolves when it exits 0. */
export function run(cmd, args, env = {}) {
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

/** Builds the web app into web/<outDir> for the emulators of `config`. */
export function buildWebFor(config, outDir) {
  return run('npm', ['run', 'build', '-w', 'web', '--', '--outDir', outDir], {
    VITE_AUTH_EMULATOR_PORT: String(config.emulators.auth.port),
    VITE_FIRESTORE_EMULATOR_PORT: String(config.emulators.firestore.port),
  });
}

/**
 * The Functions emulator starts a worker process per concurrent request; on a busy 2-core
 * machine a burst of them can take longer than its default 30 s to load. For the test and
 * bench suites, which send such bursts: `firebase(args, { env: WORKER_START_TIMEOUT })`.
 */
export const WORKER_START_TIMEOUT = { FUNCTIONS_DISCOVERY_TIMEOUT: '120' };
