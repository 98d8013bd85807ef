/**
 * First load on a phone, Escale against a bare React Router app (bench/reference-app.ts, built here from
 * the installed packages), both served in this run as separate processes on loopback:
 *
 * - first-load JavaScript of each page in Chromium (a new browser context each time, so nothing cached):
 *   files, bytes on the wire (compressed as served) and decoded, and the ratio of bytes on the wire to the
 *   bare app's (target ≤ 1.3×);
 * - Lighthouse 12 (its default, mobile preset: simulated slow 4G and a 4× slower CPU) against
 *   /usr/bin/chromium: performance (target ≥ 95), accessibility, best practices (targets 100) and SEO
 *   (100 for pages meant to be indexed; robots.txt disallows /auth/), the median of RUNS runs alternated
 *   between the two apps, with LCP and its element.
 *
 * Escale runs as `npm start` runs it (compiled, a new data folder with the demo data, PGlite). Figures are
 * printed, nothing is asserted; on a shared machine the performance score follows the machine's load
 * (printed first).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import os from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { LOGIN_PATH } from '../contract/auth';
import { DEMO_PASSWORD } from '../server/demo/demo-accounts';
import { CHROMIUM_ARGS } from '../playwright.config';
import { buildReferenceApp } from './reference-app';
import { buildEscaleIfNeeded, startEscale, startReference, type Server } from './servers';

const CHROMIUM = '/usr/bin/chromium';
// `BENCH_LIGHTHOUSE_RUNS=0 npm run bench first-load` measures the JavaScript alone.
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// `BENCH_FIRST_LOAD_FILES=1` also lists each page's scripts, largest first (what to cut next).
const LIST_FILES = process.env.BENCH_FIRST_LOAD_FILES === '1';
const TARGET_RATIO = 1.3;
// Lighthouse's mobile preset's screen (a Moto G Power).
const PHONE = { width: 412, height: 823 };
const SPACE = '/spaces/acme-coworking-paris';

interface Page {
  label: string;
  path: string;
  /** Meant for search engines (SEO counts); robots.txt disallows the rest. */
  indexed: boolean;
  /** Opened signed in (the demo manager's session cookie). */
  cookie?: string;
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

/** The pages measured: a room is found on the demo space's page. */
async function pagesOf(escale: Server): Promise<Page[]> {
  const html = await (await fetch(`${escale.url}${SPACE}`)).text();
  const room = new RegExp(`href="(${SPACE}/rooms/[^"?#]+)`).exec(html)?.[1];
  if (!room) throw new Error(`no room link on ${SPACE}`);
  return [
    { label: 'home', path: '/', indexed: true },
    { label: 'search', path: '/search', indexed: true },
    { label: 'space', path: SPACE, indexed: true },
    { label: 'room', path: room, indexed: true },
    { label: 'login', path: LOGIN_PATH, indexed: false },
    ...(await managerPages(escale)),
  ];
}

/**
 * The demo manager's back office home and /statistics, signed in: their first-load JavaScript only
 * (Lighthouse runs signed out, where they are the sign-in page).
 */
async function managerPages(escale: Server): Promise<Page[]> {
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
    { label: 'back office', path: `/myspaces/${spaceId}`, indexed: false, cookie },
    { label: 'statistics', path: `/statistics?space=${spaceId}`, indexed: false, cookie },
  ];
}

/** The JavaScript a first visit downloads (until the network is idle), on a phone-sized screen. */
export async function firstLoad(browser: Browser, url: string, cookie?: string): Promise<FirstLoad> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
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

function summary(label: string, runs: LighthouseRun[], indexed: boolean): string {
  const m = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
  const scores = runs.map((run) => run.performance).join('/');
  const seo = indexed ? String(m((run) => run.seo)) : `${m((run) => run.seo)} (not indexed)`;
  const failed = [...new Set(runs.flatMap((run) => run.failed))];
  return [
    `  ${label.padEnd(22)} perf ${String(m((run) => run.performance)).padStart(3)} (${scores})  a11y ${m((run) => run.accessibility)}  bp ${m((run) => run.bestPractices)}  seo ${seo}`,
    `  ${''.padEnd(22)} LCP ${(m((run) => run.lcp) / 1000).toFixed(2)} s  TBT ${m((run) => run.tbt).toFixed(0)} ms  CLS ${m((run) => run.cls).toFixed(3)}  LCP element: ${runs[0]?.lcpElement}`,
    ...(failed.length ? [`  ${''.padEnd(22)} failing audits: ${failed.join(', ')}`] : []),
  ].join('\n');
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

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
    const pages = await pagesOf(escale);
    console.log(
      `Bare reference app: ${Object.entries(reference.versions)
        .map(([name, version]) => `${name} ${version}`)
        .join(', ')}`,
    );
    console.log(`Load average (1, 5, 15 min) at start: ${load()}; ${os.cpus().length} cores`);

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
        console.log(
          row(
            `${page.label} ${page.path}`.slice(0, 40),
            figures,
            `${ratio.toFixed(2)}× bare ${ratio <= TARGET_RATIO ? '(≤ 1.3: met)' : '(> 1.3: NOT met)'}`,
          ),
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
          .filter((page) => !page.cookie)
          .map((page) => ({
            label: `${page.label} ${page.path}`.slice(0, 22),
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
    console.log(`Load average at the end: ${load()}`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    reference.remove();
  }
}
