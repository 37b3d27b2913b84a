// The measured browser and the Emulator Suite answering it share this machine's cores. On a phone
// the server's work is not the phone's, so while the browser is measured the emulators run at the
// lowest CPU priority: they still answer at once when the browser waits on them, but no longer
// take its core while it runs the page (a long task for Lighthouse, counted four times over).
// Linux only (it reads /proc); elsewhere nothing changes.
import { readFileSync, readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The lowest priority (a nice value): any process may lower its own children's and siblings'. */
const LOWEST = 19;

/** Every process's parent and command line. */
function processTable() {
  const table = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After "pid (command) state ": the parent's pid. The command may hold spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      table.set(Number(name), { ppid, cmd });
    } catch {
      // ended meanwhile
    }
  }
  return table;
}

/**
 * Lowers the emulators to the lowest priority: the Firebase CLI that runs this script (hosting,
 * auth and the functions' front), and everything it started but this script (Firestore's Java
 * process, the functions' workers). Workers it starts later inherit the CLI's priority. Returns
 * how many processes were lowered (0 when this script was not started by `emulators:exec`).
 */
export function lowerServerPriority() {
  if (process.platform !== 'linux') return 0;
  const table = processTable();
  const ancestors = [];
  for (let pid = process.ppid; table.has(pid); pid = table.get(pid).ppid) ancestors.push(pid);
  const cli = ancestors.find((pid) => table.get(pid).cmd.includes('emulators:exec'));
  if (cli === undefined) return 0;
  // The shells between the CLI and this script, if any, are this script's, not the server's.
  const between = new Set(ancestors.slice(0, ancestors.indexOf(cli)));
  const underCli = (pid) => {
    for (let p = pid; table.has(p); p = table.get(p).ppid) {
      if (p === process.pid) return false;
      if (p === cli) return true;
    }
    return false;
  };
  let lowered = 0;
  for (const pid of table.keys()) {
    if (pid !== cli && (between.has(pid) || !underCli(pid))) continue;
    try {
      setPriority(pid, LOWEST);
      lowered += 1;
    } catch {
      // ended meanwhile
    }
  }
  return lowered;
}
