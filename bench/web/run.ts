/**
 * Page speed of the public pages, as Lighthouse measures them (simulated mobile: slow 4G, 4× CPU throttling), against
 * the built web app served by the real server.
 *
 *   npm run build:web && npm run bench:web            (RUNS=3 takes the median of three runs per page)
 *
 * Prints per page the performance, accessibility and best-practices scores, first and largest contentful paint, and
 * the JavaScript the page loads: bytes on the wire (brotli) and the gzip size the budget is written in.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startTestServer } from '@server/testing/test-server.js';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/browser.js';

const root = path.resolve(import.meta.dirname, '../..');
const webDist = path.join(root, 'dist/web');
const PAGES = ['/', '/pricing', '/login'];
const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));
const GOALS = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;
const LANDING_JS_BUDGET_KB = 150;

if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('No web build: run `npm run build:web` first.');
  process.exit(1);
}
const browser = findChromium();
if (!browser) {
  console.error('No Chromium found: set CHROMIUM_PATH or run `npx tsx scripts/ensure-browser.ts`.');
  process.exit(1);
}

interface PageFigures {
  scores: Record<keyof typeof GOALS, number>;
  fcpMs: number;
  lcpMs: number;
  jsWireKB: number;
  jsGzipKB: number;
}

/** The gzip size of the JavaScript files a page loaded, read from the build: the unit the budget is written in. */
function gzipKB(urls: string[]): number {
  let bytes = 0;
  for (const url of urls) {
    const file = path.join(webDist, new URL(url).pathname);
    if (fs.existsSync(file)) bytes += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return bytes / 1024;
}

async function measure(url: string, port: number): Promise<PageFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(GOALS) });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const requests = (
    (lhr.audits['network-requests'].details as { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> })?.items ?? []
  ).filter((r) => r.resourceType === 'Script' && r.url.startsWith(new URL(url).origin));
  return {
    scores: Object.fromEntries(Object.keys(GOALS).map((k) => [k, Math.round((lhr.categories[k].score ?? 0) * 100)])) as PageFigures['scores'],
    fcpMs: lhr.audits['first-contentful-paint'].numericValue ?? NaN,
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
    jsWireKB: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    jsGzipKB: gzipKB(requests.map((r) => r.url)),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startTestServer({ env: { WEB_DIST_DIR: webDist, LOG_LEVEL: 'silent' } });
const chrome = await chromeLauncher.launch({
  chromePath: browser.path,
  chromeFlags: CHROMIUM_FLAGS,
});
let failed = false;
try {
  console.log(`Lighthouse ${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`} per page, simulated mobile (slow 4G, 4× CPU)\n`);
  console.log('page        perf  a11y  best   FCP ms   LCP ms   JS wire KB   JS gzip KB');
  for (const page of PAGES) {
    const runs: PageFigures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(server.url + page, chrome.port));
    const pick = (f: (r: PageFigures) => number) => median(runs.map(f));
    const scores = {
      performance: pick((r) => r.scores.performance),
      accessibility: pick((r) => r.scores.accessibility),
      'best-practices': pick((r) => r.scores['best-practices']),
    };
    const jsGzip = pick((r) => r.jsGzipKB);
    const misses = (Object.keys(GOALS) as Array<keyof typeof GOALS>).filter((k) => scores[k] < GOALS[k]);
    if (page === '/' && jsGzip > LANDING_JS_BUDGET_KB) misses.push('performance');
    if (misses.length) failed = true;
    console.log(
      `${page.padEnd(10)} ${String(scores.performance).padStart(5)} ${String(scores.accessibility).padStart(5)} ${String(scores['best-practices']).padStart(5)}` +
        ` ${pick((r) => r.fcpMs)
          .toFixed(0)
          .padStart(8)} ${pick((r) => r.lcpMs)
          .toFixed(0)
          .padStart(8)} ${pick((r) => r.jsWireKB)
          .toFixed(1)
          .padStart(12)} ${jsGzip.toFixed(1).padStart(12)}` +
        (misses.length ? `   below goal: ${[...new Set(misses)].join(', ')}` : ''),
    );
  }
  console.log(
    `\ngoals: performance ≥ ${GOALS.performance}, accessibility ≥ ${GOALS.accessibility}, best practices ≥ ${GOALS['best-practices']}; landing JS ≤ ${LANDING_JS_BUDGET_KB} kB gzip`,
  );
  console.log(failed ? 'Some goals are not met (see "below goal").' : 'All goals met.');
} finally {
  await chrome.kill();
  await server.stop();
}
