// Where a page's main thread goes while it starts: Chromium's sampling profiler over the first
// seconds of /auth (signed out), /home (a person with 50 moments) and a moment page (6 photos,
// 20 entries), at Lighthouse's 4x CPU
// slowdown. Prints the functions with the most self time. Names are readable only in an
// unminified build, on the bench's emulator ports (firebase.json's plus 20000):
//   VITE_AUTH_EMULATOR_PORT=29099 VITE_FIRESTORE_EMULATOR_PORT=28080 \
//     npm run build -w web -- --outDir dist-bench --minify false
//   PROFILE_PAGES=auth npm run bench -- --no-build profile
// Each page's whole profile is written to .data/bench/profile-<page>.cpuprofile, with its trace
// and a screenshot beside it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../chromium.mjs';
import { root } from '../test-ports.mjs';
import { appUrl, browsingPerson } from './people.mjs';
import { lowerServerPriority } from './server-priority.mjs';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const TOP = Number(process.env.PROFILE_TOP ?? 35);

/**
 * Starts a Chromium trace of the page (tasks, layout, style, paint, the network, script runs)
 * and a sampling profile of its JavaScript every 200 µs; the returned function stops both and
 * gives the profile and the trace's bytes.
 */
export async function startProfiling(browser, page, cdp) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, {
    categories: [
      'toplevel',
      'loading',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'blink.user_timing',
    ],
  });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    return { profile, trace: await browser.stopTracing() };
  };
}

export function sampleKeys(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  return profile.samples.map((id) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const file = url.split('/').pop();
    return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
  });
}

export function selfTimes(keys, deltas, from = 0, to = keys.length) {
  const self = new Map();
  for (let i = from; i < to; i += 1) {
    self.set(keys[i], (self.get(keys[i]) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]);
}

/** The renderer main thread's tasks over 50 ms (what Total Blocking Time counts), from a trace. */
function traceLongTasks(traceEvents) {
  const mains = traceEvents.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain',
  );
  const tasksOf = ({ pid, tid }) =>
    traceEvents.filter(
      (e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask' && e.dur,
    );
  // The page's renderer is the busiest one (others are blank or extension pages).
  const busiest = mains
    .map((main) => tasksOf(main))
    .sort((a, b) => b.reduce((n, e) => n + e.dur, 0) - a.reduce((n, e) => n + e.dur, 0))[0];
  return (busiest ?? []).filter((e) => e.dur > 50_000).map((e) => ({ ts: e.ts, dur: e.dur }));
}

/** When the page's largest paint happened (its last candidate), and what it painted. */
function traceLargestPaint(traceEvents) {
  const last = traceEvents.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1);
  return last && { ts: last.ts, type: last.args?.data?.type ?? '?' };
}

/** Each long task with its start (from the navigation), length and busiest functions. */
function longTaskRows(tasks, profile, keys) {
  const times = [];
  let at = profile.startTime;
  for (const delta of profile.timeDeltas) {
    at += delta;
    times.push(at);
  }
  const origin = profile.startTime;
  return tasks.map(({ ts, dur }) => {
    const from = times.findIndex((t) => t >= ts);
    let to = times.findIndex((t) => t > ts + dur);
    if (to < 0) to = times.length;
    // The trace runs a little past the profile: a task begun after its last sample has none.
    const top =
      from < 0
        ? ['(after the profile)']
        : selfTimes(keys, profile.timeDeltas, from, to)
            .filter(([key]) => !key.startsWith('(idle)'))
            .slice(0, 4)
            .map(([key, t]) => `${key.split(' ')[0]} ${Math.round(t)}`);
    return [`${Math.round((ts - origin) / 1000)} ms: ${top.join(', ')}`, Math.round(dur / 1000)];
  });
}

async function profilePage(browser, base, name, path, cookie) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  if (cookie) {
    await context.addCookies([{ name: '__session', value: cookie, url: base }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const stop = await startProfiling(browser, page, cdp);
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(SECONDS * 1000);
  const { profile, trace } = await stop();
  // Style work done as the page rendered: the rules MUI's styling engine (emotion) inserted.
  // A component styled by a CSS module inserts none.
  // Runs in the page: `globalThis` is its window.
  const styleRules = await page.evaluate(() =>
    [...globalThis.document.querySelectorAll('style[data-emotion]')].reduce(
      (n, tag) => n + (tag.sheet?.cssRules.length ?? 0),
      0,
    ),
  );
  // For DevTools' Performance panel (Load profile) or a closer look at the call tree; the trace
  // also has layout, style and paint, and the network. The screenshot shows what was drawn.
  const dir = join(root, '.data', 'bench');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `profile-${name}.png`), fullPage: true });
  await context.close();
  writeFileSync(join(dir, `profile-${name}.cpuprofile`), JSON.stringify(profile));
  writeFileSync(join(dir, `profile-${name}.trace.json`), trace);
  const keys = sampleKeys(profile);
  const rows = selfTimes(keys, profile.timeDeltas).filter(
    ([key]) => !/^\((idle|program)\)/.test(key),
  );
  const total = rows.reduce((n, [, t]) => n + t, 0);
  const byFile = new Map();
  for (const [key, t] of rows) {
    const file = key.split(' ').pop().split(':')[0] || '(native)';
    byFile.set(file, (byFile.get(file) ?? 0) + t);
  }
  const { traceEvents } = JSON.parse(trace.toString('utf8'));
  const tasks = longTaskRows(traceLongTasks(traceEvents), profile, keys);
  const blocking = tasks.reduce((n, [, length]) => n + length - 50, 0);
  // On the same clock as the tasks' starts: the tasks before it are what the paint waited for.
  const paint = traceLargestPaint(traceEvents);
  const largestPaint = paint
    ? `; largest paint (${paint.type}) at ${Math.round((paint.ts - profile.startTime) / 1000)} ms`
    : '';
  return [
    {
      title: `${path}: ${tasks.length} long tasks, ${Math.round(blocking)} ms over 50 ms each${largestPaint}; ${styleRules} style rules inserted`,
      columns: ['start: busiest functions (self ms)', 'ms'],
      rows: tasks,
    },
    {
      title: `${path}: ${Math.round(total)} ms of script self time in ${SECONDS} s (4x CPU)`,
      columns: ['function', 'self ms'],
      rows: [
        ...[...byFile.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([file, t]) => [`[file] ${file}`, Math.round(t)]),
        ...rows.slice(0, TOP).map(([key, t]) => [key, Math.round(t)]),
      ],
    },
  ];
}

export async function run() {
  const base = await appUrl();
  const pages = (process.env.PROFILE_PAGES ?? 'auth,home,detail').split(',');
  // As Lighthouse measures: the emulators do not take the profiled browser's CPU.
  lowerServerPriority();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const tables = [];
  try {
    if (pages.includes('auth')) tables.push(...(await profilePage(browser, base, 'auth', '/auth')));
    const signedIn = pages.filter((page) => page !== 'auth');
    if (signedIn.length > 0) {
      const { cookie, detail } = await browsingPerson('Pro', 50);
      if (signedIn.includes('home'))
        tables.push(...(await profilePage(browser, base, 'home', '/home', cookie)));
      if (signedIn.includes('detail')) {
        tables.push(...(await profilePage(browser, base, 'detail', `/journals/${detail}`, cookie)));
      }
    }
  } finally {
    await browser.close();
  }
  return { title: 'Main-thread profile', passed: true, tables, data: {} };
}
