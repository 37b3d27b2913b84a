// Where a page's main thread goes while it starts: Chromium's sampling profiler over the first
// seconds of /auth (signed out), /home (a person with 50 moments) and a moment page (6 photos,
// 20 entries), at Lighthouse's 4x CPU
// slowdown. Prints the functions with the most self time. Names are readable only in an
// unminified build, on the bench's emulator ports (firebase.json's plus 20000):
//   VITE_AUTH_EMULATOR_PORT=29099 VITE_FIRESTORE_EMULATOR_PORT=28080 \
//     npm run build -w web -- --outDir dist-bench --minify false
//   PROFILE_PAGES=auth npm run bench -- --no-build profile
import { chromium } from 'playwright-core';
import { adminAuth, appUrl, call, newPerson, upload } from './people.mjs';
import { detailedPhoto } from './photos.mjs';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const TOP = Number(process.env.PROFILE_TOP ?? 35);

/** A person with 50 moments, the first with 6 photos and 20 entries: their cookie and that moment. */
async function seed() {
  const person = await newPerson('Pro');
  const photos = await Promise.all([1, 2, 3].map((i) => detailedPhoto(i)));
  const moments = [];
  for (let i = 0; i < 50; i += 1) {
    const res = await call(person, 'POST', '/api/journals', { title: `Moment ${i + 1}` });
    moments.push(res.body.id);
    await upload(person, `/api/journals/${res.body.id}/images`, photos[i % photos.length]);
  }
  const [detail] = moments;
  for (let i = 1; i < 6; i += 1) {
    await upload(person, `/api/journals/${detail}/images`, photos[i % photos.length]);
  }
  for (let i = 0; i < 20; i += 1) {
    await call(person, 'POST', `/api/journals/${detail}/comments`, { text: `Entry ${i + 1}` });
  }
  const cookie = await adminAuth.createSessionCookie(person.idToken, { expiresIn: 3_600_000 });
  return { cookie, detail };
}

function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const node = byId.get(profile.samples[i]);
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split('/').pop();
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]);
}

async function profilePage(browser, base, path, cookie) {
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
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(SECONDS * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  await context.close();
  const rows = selfTimes(profile).filter(([key]) => !/^\((idle|program)\)/.test(key));
  const total = rows.reduce((n, [, t]) => n + t, 0);
  const byFile = new Map();
  for (const [key, t] of rows) {
    const file = key.split(' ').pop().split(':')[0] || '(native)';
    byFile.set(file, (byFile.get(file) ?? 0) + t);
  }
  return {
    title: `${path}: ${Math.round(total)} ms of script self time in ${SECONDS} s (4x CPU)`,
    columns: ['function', 'self ms'],
    rows: [
      ...[...byFile.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([file, t]) => [`[file] ${file}`, Math.round(t)]),
      ...rows.slice(0, TOP).map(([key, t]) => [key, Math.round(t)]),
    ],
  };
}

export async function run() {
  const base = await appUrl();
  const pages = (process.env.PROFILE_PAGES ?? 'auth,home,detail').split(',');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const tables = [];
  try {
    if (pages.includes('auth')) tables.push(await profilePage(browser, base, '/auth'));
    const signedIn = pages.filter((page) => page !== 'auth');
    if (signedIn.length > 0) {
      const { cookie, detail } = await seed();
      if (signedIn.includes('home')) tables.push(await profilePage(browser, base, '/home', cookie));
      if (signedIn.includes('detail')) {
        tables.push(await profilePage(browser, base, `/journals/${detail}`, cookie));
      }
    }
  } finally {
    await browser.close();
  }
  return { title: 'Main-thread profile', passed: true, tables, data: {} };
}
