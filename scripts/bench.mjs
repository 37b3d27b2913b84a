// `npm run bench`: measurements on an Emulator Suite of its own (firebase.json's ports plus
// 20000), never part of `npm test`. Builds the function and a web app for those ports, then runs
// the parts in scripts/bench/run.mjs inside `firebase emulators:exec`; each part prints its
// table and writes .data/bench/<part>.json.
//
//   npm run bench                        every part
//   npm run bench -- busy                one part
//   npm run bench -- --no-build busy     without rebuilding function and web app
//   npm run bench -- soak --minutes 60   the party soak (not run by default), for an hour
// BENCH_PORT_OFFSET=21000 moves it to other ports, beside a bench already running.
import { firebase } from './firebase.mjs';
import { WORKER_START_TIMEOUT, buildWebFor, run, writeShiftedConfig } from './test-ports.mjs';

const BENCH_PORT_OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 20_000);
const EMULATORS = 'auth,firestore,functions,hosting';

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const minutesAt = args.indexOf('--minutes');
const minutes = minutesAt >= 0 ? args.splice(minutesAt, 2)[1] : undefined;
const parts = args.filter((arg) => !arg.startsWith('--'));

const { config, file } = writeShiftedConfig('bench', BENCH_PORT_OFFSET, 'web/dist-bench');
if (build) {
  await run('npm', ['run', 'build', '-w', 'functions']);
  await buildWebFor(config, 'dist-bench');
}

const child = await firebase(
  [
    'emulators:exec',
    '--config',
    file,
    '--only',
    EMULATORS,
    ['node', 'scripts/bench/run.mjs', ...parts].join(' '),
  ],
  { env: { ...WORKER_START_TIMEOUT, ...(minutes ? { SOAK_MINUTES: minutes } : {}) } },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
