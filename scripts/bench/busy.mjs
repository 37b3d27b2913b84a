// Busy moments: many members of one moment posting at once (through the API), and how fast an
// entry reaches the others who have the moment open (in Chromium). Targets: at 20 members × 10
// entries every post answers 201, each entry is stored exactly once, every badge is exact and
// p95 is under 2 s; in the browser, the median time for an entry to appear is under 1 s.
import { badgeOf, call, sharedMoment, storedTexts } from './people.mjs';
import { ms, percentile } from './report.mjs';
import { entryArrival } from './busy-browser.mjs';

const MEMBER_COUNTS = [3, 5, 10, 20];
const ENTRIES_EACH = 10;
const P95_TARGET_MS = 2000;
const ARRIVAL_MEDIAN_TARGET_MS = 1000;

/**
 * `members` people all start at once, and each posts ENTRIES_EACH entries as fast as they can:
 * the next as soon as the last is answered (the app's Send waits for the answer too).
 */
async function postAtOnce(members) {
  const { journalId, people } = await sharedMoment(members, `Busy ${members}`);
  const posts = people.flatMap((person, i) =>
    Array.from({ length: ENTRIES_EACH }, (_, j) => ({ person, text: `m${i + 1} e${j + 1}` })),
  );
  const answers = new Array(posts.length);
  const started = performance.now();
  await Promise.all(
    people.map(async (person) => {
      for (const [i, p] of posts.entries()) {
        if (p.person !== person) continue;
        answers[i] = await call(person, 'POST', `/api/journals/${journalId}/comments`, {
          text: p.text,
        });
      }
    }),
  );
  const wall = performance.now() - started;

  const statuses = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const errors = [...new Set(answers.filter((a) => a.status >= 400).map((a) => a.body?.message))];
  const texts = await storedTexts(journalId);
  const stored = new Map();
  for (const text of texts) stored.set(text, (stored.get(text) ?? 0) + 1);
  const answered201 = new Set(answers.flatMap((a, i) => (a.status === 201 ? [posts[i].text] : [])));
  const storedOnce = posts.filter((p) => stored.get(p.text) === 1).length;
  // Every 201 entry is stored once, and nothing else is (no double, no entry for a failure).
  const lossless =
    [...answered201].every((text) => stored.get(text) === 1) && texts.length === answered201.size;

  // Entries by others since the last view (everyone viewed before the posts began).
  const badges = await Promise.all(people.map((p) => badgeOf(p, journalId)));
  const expectedBadges = people.map(
    (p) => answers.filter((a, i) => a.status === 201 && posts[i].person !== p).length,
  );
  const exactBadges = badges.filter((b, i) => b === expectedBadges[i]).length;

  const latencies = answers.map((a) => a.ms);
  return {
    members,
    entries: posts.length,
    answered201: statuses[201] ?? 0,
    failed: answers.length - (statuses[201] ?? 0),
    statuses,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
    wallMs: wall,
    stored: texts.length,
    storedOnce,
    lossless,
    exactBadges,
    badgesWrong: people.flatMap((p, i) =>
      badges[i] === expectedBadges[i] ? [] : [{ got: badges[i], expected: expectedBadges[i] }],
    ),
  };
}

export async function run() {
  const api = [];
  for (const members of MEMBER_COUNTS) {
    const result = await postAtOnce(members);
    api.push(result);
    console.log(
      `busy: ${members} members: ${result.answered201}/${result.entries} × 201, p95 ${ms(result.p95)}`,
    );
  }
  // A browser that cannot open the page (a machine too loaded) still leaves the API table.
  const browser = await entryArrival().catch((error) => ({
    error: String(error.message ?? error).split('\n')[0],
    viewers: 0,
    entries: 0,
    samples: [],
    missing: 0,
    median: Number.NaN,
    p95: Number.NaN,
    max: Number.NaN,
  }));

  const twenty = api.find((r) => r.members === 20);
  const targets = {
    all201: twenty?.answered201 === twenty?.entries,
    storedExactlyOnce: twenty?.storedOnce === twenty?.entries && twenty?.lossless === true,
    badgesExact: twenty?.exactBadges === twenty?.members,
    p95Under2s: (twenty?.p95 ?? Infinity) < P95_TARGET_MS,
    arrivalMedianUnder1s: browser.median < ARRIVAL_MEDIAN_TARGET_MS,
  };
  return {
    title: 'Busy moments',
    passed: Object.values(targets).every(Boolean),
    targets,
    tables: [
      {
        title: `N members of one moment post ${ENTRIES_EACH} entries each, all starting at once, each as fast as answers come (API)`,
        columns: [
          'members',
          'entries',
          'answered 201',
          'failed',
          'latency p50 / p95 / max',
          'stored (exactly once)',
          'badges exact',
        ],
        rows: api.map((r) => [
          r.members,
          r.entries,
          r.answered201,
          r.failed === 0 ? '0' : `${r.failed} (${r.errors.join('; ')})`,
          `${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.max)}`,
          `${r.stored} (${r.storedOnce})`,
          `${r.exactBadges} of ${r.members}`,
        ]),
      },
      {
        title: `${browser.viewers} members viewing in Chromium, ${browser.entries} entries posted back to back: time until an entry shows for the others`,
        columns: ['samples', 'median', 'p95', 'max', 'missing'],
        rows: [
          browser.error
            ? [0, '-', '-', '-', `failed: ${browser.error}`]
            : [
                browser.samples.length,
                ms(browser.median),
                ms(browser.p95),
                ms(browser.max),
                browser.missing,
              ],
        ],
      },
    ],
    data: { api, browser },
  };
}
