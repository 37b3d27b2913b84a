// One Lighthouse run, in a process of its own at a low CPU priority (lighthouse.mjs starts it):
// Lighthouse's own work while the page loads (its protocol traffic, its checks) is the measuring
// tool's, not the phone's, and must not take the measured page's core on a 2-core machine. The
// browser it drives was started by the parent, at the usual priority.
// Arguments: the page's URL, the browser's debugging port and the report's path without its
// extension. Writes the HTML report and the trace beside it; sends the report's figures.
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { setProcessPriority } from './server-priority.mjs';

/** A nice value: below the browser's 0, above the emulators' 19. */
const LIGHTHOUSE_PRIORITY = 10;

const audit = (lhr, id) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** The figures of one report. */
function figures(lhr) {
  const resources = lhr.audits['resource-summary']?.details?.items ?? [];
  const bytesOf = (type) => resources.find((r) => r.resourceType === type)?.transferSize ?? 0;
  const category = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    score: category('performance'),
    fcpMs: audit(lhr, 'first-contentful-paint'),
    lcpMs: audit(lhr, 'largest-contentful-paint'),
    tbtMs: audit(lhr, 'total-blocking-time'),
    cls: audit(lhr, 'cumulative-layout-shift'),
    bytes: audit(lhr, 'total-byte-weight'),
    scriptBytes: bytesOf('script'),
    imageBytes: bytesOf('image'),
    requests: resources.find((r) => r.resourceType === 'total')?.requestCount ?? 0,
    accessibility: category('accessibility'),
    bestPractices: category('best-practices'),
    seo: category('seo'),
    // How fast the host ran as the run began (Lighthouse's CPU benchmark; higher is faster): on a
    // shared machine it moves within minutes, and with it the page's main-thread times.
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

async function main() {
  const [url, port, reportPath] = process.argv.slice(2);
  if (process.platform === 'linux') setProcessPriority(process.pid, LIGHTHOUSE_PRIORITY);
  const result = await lighthouse(url, {
    port: Number(port),
    output: 'html',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
  writeFileSync(`${reportPath}.html`, result.report);
  // The run as observed, before Lighthouse's simulation of a phone: DevTools' Performance panel
  // opens it.
  writeFileSync(`${reportPath}.trace.json`, JSON.stringify(result.artifacts.Trace));
  return figures(result.lhr);
}

if (process.send) {
  main().then(
    (result) => process.send({ result }, () => process.exit(0)),
    (error) => process.send({ error: String(error?.stack ?? error) }, () => process.exit(1)),
  );
}
