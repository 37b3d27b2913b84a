// `npm run deploy:check` (also part of `npm test`): what a deploy needs that the emulators do
// not show. docs/deploy.md says what each check holds.
//   1. the function's production build starts with complete settings and refuses, naming
//      the setting, without one it needs
//   2. every Firestore query in functions/src and web/src has its index (firestore.indexes.json)
//   3. every collection the code writes an `expiresAt` into has a TTL policy
//   4. firebase.json's CSP allows the hosts the configured services need, and no others
// The settings are a complete fake set (every service on, analytics off); `--env <file>`
// checks a real one instead, e.g. `npm run deploy:check -- --env functions/.env.my-project`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { COMPLETE_SETTINGS, checkBundle, loadBundle } from './deploy-check/bundle.mjs';
import { checkCsp } from './deploy-check/csp.mjs';
import { checkIndexes, checkTtl } from './deploy-check/indexes.mjs';
import { analyse, sourceFiles } from './deploy-check/queries.mjs';
import { root } from './test-ports.mjs';

const args = process.argv.slice(2);
const envFile = args.includes('--env') ? args[args.indexOf('--env') + 1] : undefined;
const settings = envFile ? parseEnv(readFileSync(envFile, 'utf8')) : COMPLETE_SETTINGS;
const readJson = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
const bundle = join(root, 'functions', 'lib', 'index.js');

const results = [];
const check = (name, run) => {
  const started = performance.now();
  const problems = run();
  results.push({ name, problems, ms: Math.round(performance.now() - started) });
};

check('function bundle starts only with its settings', () => {
  if (!existsSync(bundle)) return ['functions/lib/index.js is missing: npm run build -w functions'];
  const problems = checkBundle(bundle);
  if (envFile) {
    const own = loadBundle(bundle, settings);
    if (!own.started) problems.push(`the function does not start with ${envFile}:\n${own.output}`);
  }
  return problems;
});
const { queries, expiring } = analyse(sourceFiles(root));
const indexConfig = readJson('firestore.indexes.json');
check(`every query has its index (${new Set(queries.map((q) => q.at)).size} in the code)`, () =>
  checkIndexes(queries, indexConfig),
);
check(`TTL policy on every expiring collection (${expiring.length} writes)`, () =>
  checkTtl(expiring, indexConfig),
);
check('CSP allows exactly the configured services', () =>
  checkCsp(readJson('firebase.json'), settings),
);

let failed = false;
for (const { name, problems, ms } of results) {
  console.log(`${problems.length ? 'FAIL' : 'ok  '} ${name} (${ms} ms)`);
  for (const problem of problems) console.log(`     ${problem}`);
  failed ||= problems.length > 0;
}
process.exit(failed ? 1 : 0);
