/**
 * First load on a phone, Escale against a bare React Router app (bench/reference-app.ts, built here from
 * the installed packages), both served in this run as separate processes on loopback, for every public page
 * of the route table (scripts/route-pages.ts, with the first-load test's example URLs) and the signed-in
 * pages issue 31 names (opened by the demo manager):
 *
 * - first-load JavaScript of each page in Chromium (a new browser context each time, so nothing cached):
 *   files, bytes on the wire (compressed as served) and decoded, and the ratio of bytes on the wire to the
 *   bare app's (targets: ≤ 1.3× for a public page; ≤ 1.5× in at most 15 files for a signed-in one);
 * - Lighthouse 12 (its default, mobile preset: simulated slow 4G and a 4× slower CPU) against
 *   /usr/bin/chromium, every public page signed out: performance (target ≥ 97), accessibility, best
 *   practices (targets 100) and SEO (100 for pages meant to be indexed: not disallowed by robots.txt, not
 *   `noindex`), the median of RUNS runs alternated between the two apps, with LCP and its element.
 *
 * Escale runs as `npm start` runs it (compiled, a new data folder with the demo data, PGlite). Figures are
 * printed, nothing is asserted; on a shared machine the performance score follows the machine's load
 * (printed first).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import os from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import routes from '../app/routes';
import { DEMO_PASSWORD } from '../server/demo/demo-accounts';
import { CHROMIUM_ARGS } from '../playwright.config';
import { examplePath, MADE_BY_A_MANAGER, pagesOf, type RouteEntry } from '../scripts/route-pages';
import { buildReferenceApp } from './reference-app';
import { buildEscaleIfNeeded, loadAverage, type Server, startEscale, startReference } from './servers';

const CHROMIUM = '/usr/bin/chromium';
// `BENCH_LIGHTHOUSE_RUNS=0 npm run bench first-load` measures the JavaScript alone; `BENCH_PAGES=/,/search`
// measures those route patterns only (and the bare app).
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// `BENCH_FIRST_LOAD_FILES=1` also lists each page's scripts, largest first (what to cut next).
const LIST_FILES = process.env.BENCH_FIRST_LOAD_FILES === '1';
const PUBLIC_RATIO = 1.3;
const SIGNED_IN_RATIO = 1.5;
const SIGNED_IN_MAX_FILES = 15;
const PERFORMANCE_TARGET = 97;
// Lighthouse's mobile preset's screen (a Moto G Power).
const PHONE = { width: 412, height: 823 };
const MOBILE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

interface Page {
  label: string;
  path: string;
  /** Meant for search engines (SEO counts); robots.txt disallows the rest. */
  indexed: boolean;
  /** Opened signed in (the demo manager's session cookie). */
  cookie?: string;
  /** Measured, with no target of issue 31's. */
  extra?: boolean;
}

/** The only route module that draws charts: its chunk must load on no other page (decision 030). */
const CHART_CHUNK = /\/assets\/statistics-[\w-]+\.js$/;

export interface FirstLoad {
  files: number;
  wire: number;
  decoded: number;
  html: number;
  /** Each script's path and bytes on the wire. */
  scripts: Array<{ path: string; wire: number }>;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * The pages measured: every public page of the route table, at the example URL the first-load test opens
 * (tests/e2e/first-load.spec.ts), then the signed-in pages.
 */
async function pagesOfTable(escale: Server): Promise<Page[]> {
  const html = async (path: string) => (await fetch(`${escale.url}${path}`)).text();
  const robots = await html('/robots.txt');
  const disallowed = [...robots.matchAll(/^Disallow:\s*(\S+)/gm)].map((match) => match[1]!);
  const publicPages: Page[] = [];
  for (const page of pagesOf(routes as RouteEntry[]).filter((candidate) => candidate.public)) {
    if (MADE_BY_A_MANAGER.has(page.pattern)) continue; // bench/door-displays.bench.ts
    const path = await examplePath(page, html);
    // Meant for search engines: not the 404 page, not disallowed by robots.txt, no `noindex` of its own.
    const indexed =
      page.pattern !== '/*' &&
      !disallowed.some((prefix) => path.startsWith(prefix)) &&
      !/<meta name="robots" content="[^"]*noindex/.test(await html(path));
    publicPages.push({ label: page.pattern, path, indexed });
  }
  return [...publicPages, ...(await signedInPages(escale))];
}

/**
 * The signed-in pages issue 31 names and /statistics, opened by the demo manager: their first-load
 * JavaScript only (Lighthouse runs signed out, where they are the sign-in page).
 */
async function signedInPages(escale: Server): Promise<Page[]> {
  const signIn = await fetch(`${escale.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: escale.url },
    body: JSON.stringify({ email: 'gerant@escale.test', password: DEMO_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`the demo manager could not sign in: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const mine = await fetch(`${escale.url}/api/fn/backoffice.listMySpaces`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: escale.url, cookie },
    body: JSON.stringify({ data: {} }),
  });
  const { result } = (await mine.json()) as { result: { managed: Array<{ id: string }> } };
  const spaceId = result.managed[0]?.id;
  if (!spaceId) throw new Error('the demo manager manages no space');
  return [
    ...['/myspaces', `/myspaces/${spaceId}`, '/activity', '/plans', '/documents', '/reservations'].map(
      (path) => ({ label: path.replace(spaceId, ':spaceId'), path, indexed: false, cookie }),
    ),
    { label: '/statistics', path: `/statistics?space=${spaceId}`, indexed: false, cookie, extra: true },
  ];
}

/** The JavaScript a first visit downloads (until the network is idle), on a phone-sized screen. */
export async function firstLoad(browser: Browser, url: string, cookie?: string): Promise<FirstLoad> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    // A phone's browser, as Lighthouse's mobile preset says it is: headless Chromium's own user agent names
    // it a robot, and a robot gets the 404 page's minimal answer (no script).
    userAgent: MOBILE_USER_AGENT,
    extraHTTPHeaders: cookie ? { cookie } : {},
  });
  try {
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const result: FirstLoad = { files: 0, wire: 0, decoded: 0, html: 0, scripts: [] };
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response) return;
          const sizes = await request.sizes();
          const type = response.headers()['content-type'] ?? '';
          if (request.resourceType() === 'document') result.html += sizes.responseBodySize;
          if (!/javascript/.test(type)) return;
          result.files++;
          result.wire += sizes.responseBodySize;
          result.scripts.push({ path: request.url(), wire: sizes.responseBodySize });
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    // Decoded sizes, asked again outside the browser (Node's fetch decompresses).
    for (const script of result.scripts)
      result.decoded += (await (await fetch(script.path)).arrayBuffer()).byteLength;
    return result;
  } finally {
    await context.close();
  }
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement: string;
  failed: string[];
}

async function lighthouseRun(port: number, url: string): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const lcpItems = (
    audits['largest-contentful-paint-element']?.details as
      { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
  )?.items;
  const failed = Object.values(categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id))
    .filter((id) => audits[id]?.score !== null && (audits[id]?.score ?? 1) < 1);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet?.slice(0, 70) ?? '?',
    failed: [...new Set(failed)],
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const LABEL_WIDTH = 30;

function summary(label: string, runs: LighthouseRun[], indexed: boolean): string {
  const m = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
  const scores = runs.map((run) => run.performance).join('/');
  const seo = indexed ? String(m((run) => run.seo)) : `${m((run) => run.seo)} (not indexed)`;
  const failed = [...new Set(runs.flatMap((run) => run.failed))];
  const met =
    m((run) => run.performance) >= PERFORMANCE_TARGET &&
    m((run) => run.accessibility) === 100 &&
    m((run) => run.bestPractices) === 100 &&
    (!indexed || m((run) => run.seo) === 100);
  const verdict = `(perf ≥ ${PERFORMANCE_TARGET}, others 100: ${met ? 'met' : 'NOT met'})`;
  return [
    `  ${label.padEnd(LABEL_WIDTH)} perf ${String(m((run) => run.performance)).padStart(3)} (${scores})  a11y ${m((run) => run.accessibility)}  bp ${m((run) => run.bestPractices)}  seo ${seo}  ${verdict}`,
    `  ${''.padEnd(LABEL_WIDTH)} LCP ${(m((run) => run.lcp) / 1000).toFixed(2)} s  TBT ${m((run) => run.tbt).toFixed(0)} ms  CLS ${m((run) => run.cls).toFixed(3)}  LCP element: ${runs[0]?.lcpElement}`,
    ...(failed.length ? [`  ${''.padEnd(LABEL_WIDTH)} failing audits: ${failed.join(', ')}`] : []),
  ].join('\n');
}

/** The benchmark, for `npm run bench` (bench/run.ts). */
export async function run() {
  buildEscaleIfNeeded();
  const reference = buildReferenceApp();
  const servers: Server[] = [];
  try {
    const bare = await startReference(reference.dir);
    servers.push(bare);
    const escale = await startEscale();
    servers.push(escale);
    const only = process.env.BENCH_PAGES?.split(',');
    const pages = (await pagesOfTable(escale)).filter((page) => !only || only.includes(page.label));
    console.log(
      `Bare reference app: ${Object.entries(reference.versions)
        .map(([name, version]) => `${name} ${version}`)
        .join(', ')}`,
    );
    console.log(`Load average (1, 5, 15 min) at start: ${loadAverage()}; ${os.cpus().length} cores`);

    console.log('\nFirst-load JavaScript (Chromium, phone screen, empty cache, until the network is idle):');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const base = await firstLoad(browser, `${bare.url}/`);
      const row = (label: string, figures: FirstLoad, ratio: string) =>
        `  ${label.padEnd(40)} ${String(figures.files).padStart(3)} files  ${kib(figures.wire).padStart(10)} on the wire  ${kib(figures.decoded).padStart(10)} decoded  HTML ${kib(figures.html).padStart(8)}  ${ratio}`;
      console.log(row('bare app /', base, ''));
      const chartsOn: string[] = [];
      for (const page of pages) {
        const figures = await firstLoad(browser, `${escale.url}${page.path}`, page.cookie);
        if (figures.scripts.some((script) => CHART_CHUNK.test(new URL(script.path).pathname)))
          chartsOn.push(page.label);
        const ratio = figures.wire / base.wire;
        const verdict = page.extra
          ? ''
          : page.cookie
            ? ratio <= SIGNED_IN_RATIO && figures.files <= SIGNED_IN_MAX_FILES
              ? `(≤ ${SIGNED_IN_RATIO}, ≤ ${SIGNED_IN_MAX_FILES} files: met)`
              : `(≤ ${SIGNED_IN_RATIO}, ≤ ${SIGNED_IN_MAX_FILES} files: NOT met)`
            : ratio <= PUBLIC_RATIO
              ? `(≤ ${PUBLIC_RATIO}: met)`
              : `(> ${PUBLIC_RATIO}: NOT met)`;
        console.log(
          row(`${page.label} ${page.path}`.slice(0, 40), figures, `${ratio.toFixed(2)}× bare ${verdict}`),
        );
        if (LIST_FILES)
          for (const script of [...figures.scripts].sort((a, b) => b.wire - a.wire))
            console.log(`      ${kib(script.wire).padStart(10)}  ${new URL(script.path).pathname}`);
      }
      console.log(`  /statistics's chart code loaded by: ${chartsOn.join(', ') || 'no page'}`);
    } finally {
      await browser.close();
    }

    if (!RUNS) return;
    console.log(
      `\nLighthouse ${RUNS} runs each, mobile preset, alternated (median; performance of each run):`,
    );
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
    try {
      const targets = [
        { label: 'bare app /', url: `${bare.url}/`, indexed: true },
        ...pages
          // Lighthouse refuses a page answered with an error status (the 404 page): its first load is above.
          .filter((page) => !page.cookie && page.label !== '/*')
          .map((page) => ({
            label: page.label,
            url: `${escale.url}${page.path}`,
            indexed: page.indexed,
          })),
      ];
      const runs = new Map<string, LighthouseRun[]>(targets.map((target) => [target.url, []]));
      for (let round = 0; round < RUNS; round++) {
        for (const target of targets)
          runs.get(target.url)!.push(await lighthouseRun(chrome.port, target.url));
      }
      for (const target of targets) console.log(summary(target.label, runs.get(target.url)!, target.indexed));
    } finally {
      chrome.kill();
    }
    console.log(`Load average at the end: ${loadAverage()}`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    reference.remove();
  }
}
