// The measured browser and the Emulator Suite answering it share this machine's cores. On a phone
// the server's work is not the phone's, so while the browser is measured the emulators run at the
// lowest CPU priority: they still answer at once when the browser waits on them, but no longer
// take its core while it runs the page (a long task for Lighthouse, counted four times over).
// Linux only (it reads /proc); elsewhere nothing changes.
//
// Linux keeps a priority per thread, and setpriority() on a pid changes only that process's main
// thread: Firestore's Java process and Node's helper threads (the garbage collector's, the file
// system's) work in others. So each of a process's threads is lowered; threads it starts later
// take the priority of the thread that starts them.
import { readFileSync, readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The lowest priority (a nice value): any process may lower its own children's and siblings'. */
const LOWEST = 19;

/** Every process's parent and command line (its arguments joined by spaces). */
export function processTable() {
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
 * Sets every thread of process `pid` to priority `nice`; false when it has ended. Lowering needs
 * no privileges; raising does.
 */
export function setProcessPriority(pid, nice) {
  let threads;
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return false;
  }
  for (const tid of threads) {
    try {
      setPriority(Number(tid), nice);
    } catch {
      // ended meanwhile
    }
  }
  return true;
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
    if (setProcessPriority(pid, LOWEST)) lowered += 1;
  }
  return lowered;
}
