// Where the main thread went after one press (touch.mjs with TOUCH_TRACE=1): a Chromium trace and
// a sampling profile taken around the press, written to .data/bench/touch-<key>-<mode>-<n>.* for
// DevTools, and summarised as the page's main-thread tasks from the press's first input event on
// (each over 16 ms, with what filled it and its busiest functions).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../test-ports.mjs';
import { sampleKeys, selfTimes, startProfiling } from './profile.mjs';

/** A task's parts worth naming (trace event names), with the detail that tells them apart. */
const PARTS = {
  EventDispatch: (e) => `event ${e.args?.data?.type ?? '?'}`,
  FunctionCall: (e) => `call ${(e.args?.data?.url ?? '').split('/').pop() || '?'}`,
  EvaluateScript: (e) => `evaluate ${(e.args?.data?.url ?? '').split('/').pop() || '?'}`,
  'v8.evaluateModule': () => 'evaluate module',
  'v8.compile': () => 'compile',
  'v8.compileModule': () => 'compile module',
  RunMicrotasks: () => 'microtasks',
  FireAnimationFrame: () => 'animation frame',
  TimerFire: () => 'timer',
  UpdateLayoutTree: () => 'style',
  Layout: () => 'layout',
  PrePaint: () => 'pre-paint',
  Paint: () => 'paint',
  Layerize: () => 'layerize',
  ParseHTML: () => 'parse HTML',
  MajorGC: () => 'major GC',
  MinorGC: () => 'minor GC',
  'BlinkGC.AtomicPhase': () => 'Blink GC',
};

/** The busiest renderer's main thread: its id and its complete events. */
function mainThread(traceEvents) {
  const mains = traceEvents.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain',
  );
  const eventsOf = ({ pid, tid }) =>
    traceEvents.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur);
  return mains
    .map(eventsOf)
    .sort(
      (a, b) =>
        b.filter((e) => e.name === 'RunTask').reduce((n, e) => n + e.dur, 0) -
        a.filter((e) => e.name === 'RunTask').reduce((n, e) => n + e.dur, 0),
    )[0];
}

/**
 * Each main-thread task over 16 ms from the press on (or from the navigation, when nothing was
 * pressed): its start after the press, length, parts.
 */
function summarise(traceEvents, profile) {
  const events = mainThread(traceEvents) ?? [];
  const press =
    events.find(
      (e) =>
        e.name === 'EventDispatch' &&
        ['pointerdown', 'touchstart', 'mousedown', 'keydown'].includes(e.args?.data?.type),
    ) ?? traceEvents.find((e) => e.name === 'navigationStart');
  if (!press) return ['no input event or navigation in the trace'];
  const keys = sampleKeys(profile);
  const times = [];
  let at = profile.startTime;
  for (const delta of profile.timeDeltas) {
    at += delta;
    times.push(at);
  }
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ts + e.dur >= press.ts && e.dur > 16_000,
  );
  return tasks.map((task) => {
    const parts = new Map();
    for (const e of events) {
      const name = PARTS[e.name];
      if (!name || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur) continue;
      const key = name(e);
      parts.set(key, (parts.get(key) ?? 0) + e.dur / 1000);
    }
    const from = times.findIndex((t) => t >= task.ts);
    let to = times.findIndex((t) => t > task.ts + task.dur);
    if (to < 0) to = times.length;
    const busiest =
      from < 0
        ? []
        : selfTimes(keys, profile.timeDeltas, from, to)
            .filter(([key]) => !key.startsWith('(idle)'))
            .slice(0, 6)
            .map(([key, t]) => `${key} ${Math.round(t)}`);
    const named = [...parts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([key, t]) => `${key} ${Math.round(t)}`);
    return `  +${Math.round((task.ts - press.ts) / 1000)} ms, ${Math.round(task.dur / 1000)} ms: ${named.join(', ')}\n      busiest: ${busiest.join(', ')}`;
  });
}

/** The requests from `start` on: each file's request and its end, after `start` (ms). */
function requests(traceEvents, start) {
  const sent = new Map();
  const rows = [];
  for (const e of traceEvents) {
    const data = e.args?.data;
    if (!data?.requestId || e.ts < start.ts) continue;
    if (e.name === 'ResourceSendRequest') sent.set(data.requestId, { url: data.url, ts: e.ts });
    if (e.name === 'ResourceFinish' && sent.has(data.requestId)) {
      const { url, ts } = sent.get(data.requestId);
      const file = url.split('?')[0].split('/').slice(-2).join('/');
      rows.push(
        `${file} ${Math.round((ts - start.ts) / 1000)}-${Math.round((e.ts - start.ts) / 1000)}`,
      );
    }
  }
  return rows;
}

/** Starts the trace and the profiler; the returned function stops both, writes and summarises. */
export async function tracePress(browser, page, cdp, name) {
  const stop = await startProfiling(browser, page, cdp);
  return async () => {
    const { profile, trace } = await stop();
    const dir = join(root, '.data', 'bench');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `touch-${name}.cpuprofile`), JSON.stringify(profile));
    writeFileSync(join(dir, `touch-${name}.trace.json`), trace);
    const { traceEvents } = JSON.parse(trace.toString('utf8'));
    console.log(`touch trace ${name}:\n${summarise(traceEvents, profile).join('\n')}`);
    const navigation = traceEvents.find((e) => e.name === 'navigationStart');
    if (navigation) console.log(`  requests (ms): ${requests(traceEvents, navigation).join(', ')}`);
  };
}
