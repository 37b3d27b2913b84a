// The benchmark's parts, run in order inside emulators:exec (see scripts/bench.mjs). A part is a
// module exporting `run()` that resolves to `{ title, tables, data }`; add one to PARTS.
import { printTables, writeResult } from './report.mjs';

const PARTS = {
  big: () => import('./big.mjs'),
  busy: () => import('./busy.mjs'),
  export: () => import('./export.mjs'),
  lighthouse: () => import('./lighthouse.mjs'),
  profile: () => import('./profile.mjs'),
  soak: () => import('./soak.mjs'),
  touch: () => import('./touch.mjs'),
};

const wanted = process.argv.slice(2);
// The profile is a tool for finding where time goes, not a measure: asked for by name only.
// Lighthouse and the profile leave the emulators at the lowest CPU priority (server-priority.mjs):
// they run after the parts that measure the server.
const lowersServer = (name) => ['lighthouse', 'profile', 'big', 'touch'].includes(name);
const names = (wanted.length > 0 ? wanted : ['busy', 'lighthouse']).sort(
  (a, b) => Number(lowersServer(a)) - Number(lowersServer(b)),
);
let failed = false;
for (const name of names) {
  const load = PARTS[name];
  if (!load) throw new Error(`No bench part "${name}" (parts: ${Object.keys(PARTS).join(', ')})`);
  const part = await load();
  const result = await part.run();
  printTables(result);
  const file = writeResult(name, result);
  console.log(`\n${name}: ${result.passed ? 'all targets met' : 'TARGETS MISSED'} (${file})`);
  failed ||= !result.passed;
}
process.exit(failed ? 1 : 0);
