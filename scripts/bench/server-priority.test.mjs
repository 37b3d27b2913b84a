// lowerServerPriority on a process tree shaped like the bench's: a stand-in for the Firebase CLI
// (its command line says emulators:exec) runs an emulator (a sleeping process) and the bench
// script, which has started a browser of its own (another), lowers the server's processes and
// reports the priorities of each process's threads (Node runs several: a lowered main thread
// alone would leave the others at work).
import { spawn } from 'node:child_process';
import { getPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const helper = fileURLToPath(new URL('./server-priority.mjs', import.meta.url));

const cli = `
const { spawn } = require('node:child_process');
const emulator = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
const bench = spawn(process.execPath, ['--input-type=module', '-e', \`
  import { spawn } from 'node:child_process';
  import { readFileSync, readdirSync } from 'node:fs';
  const { lowerServerPriority } = await import(${JSON.stringify(helper)});
  const browser = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  // Node has started its helper threads by the time it runs code.
  await new Promise((resolve) => browser.once('spawn', () => setTimeout(resolve, 300)));
  const lowered = lowerServerPriority();
  // The distinct priorities (nice, the 19th field of stat) of the process's threads.
  const of = (pid) => [...new Set(readdirSync('/proc/' + pid + '/task').map((tid) => {
    const stat = readFileSync('/proc/' + pid + '/task/' + tid + '/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  }))];
  console.log(JSON.stringify({ lowered, cli: of(process.ppid), emulator: of(\${emulator.pid}), bench: of(process.pid), browser: of(browser.pid) }));
  browser.kill();
\`], { stdio: ['ignore', 'inherit', 'inherit'] });
bench.on('exit', (code) => { emulator.kill(); process.exit(code ?? 1); });
`;

function runTree(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', cli, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${out}`)),
    );
  });
}

// The test's own priority: the tree starts with it (a CI machine may run tests below 0).
const base = getPriority();

describe('lowerServerPriority', () => {
  it('lowers every thread of the CLI running the bench and of the emulators it started, not the bench or its browser', async () => {
    const seen = await runTree(['emulators:exec']);
    expect(seen).toEqual({
      lowered: 2,
      cli: [19],
      emulator: [19],
      bench: [base],
      browser: [base],
    });
  });

  it('changes nothing when the script was not started by emulators:exec', async () => {
    const seen = await runTree(['something-else']);
    expect(seen).toEqual({
      lowered: 0,
      cli: [base],
      emulator: [base],
      bench: [base],
      browser: [base],
    });
  });
});
