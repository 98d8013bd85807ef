/**
 * Door displays (docs/decisions/035-door-displays.md), Escale as `npm start` runs it (compiled, PGlite, demo
 * data) beside the bare React Router app (bench/reference-app.ts), both on loopback in this run:
 *
 * - first-load JavaScript of a display page (`/display/<secret>`, landscape tablet) beside the bare app's `/`;
 * - server render: the time to the whole HTML document of a display page, p50/p95 over ROUNDS requests, beside
 *   the bare app's `/` (one request at a time, after a warm-up);
 * - 200 displays polling one space: DISPLAYS links over the demo space's rooms, each polling every
 *   DISPLAY_POLL_SECONDS with its ETag as the page does, spread evenly; the server process's CPU time
 *   (utime + stime from /proc, PGlite runs inside it: the database's work is counted) over WINDOW seconds,
 *   against the same window idle, as a share of one core. Also the cost of one full answer and one 304, and
 *   the steady state they give with a full answer per display every QR period (the state's time-dependent
 *   part).
 *
 * `npm run bench door-displays`; BENCH_DISPLAY_WINDOW_SECONDS (default 60) sets the measured window.
 */
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { DISPLAY_POLL_SECONDS, displayStatePath } from '../contract/door-displays.plain';
import { CHROMIUM_ARGS } from '../playwright.config';
import { DEMO_PASSWORD } from '../server/demo/demo-accounts';
import { QR_PERIOD_MINUTES } from '../server/features/door-displays/display-state.service';
import { firstLoad, kib } from './first-load.bench';
import { buildReferenceApp } from './reference-app';
import { buildEscaleIfNeeded, startEscale, startReference, type Server } from './servers';
import { percentile } from './timing';

const CHROMIUM = '/usr/bin/chromium';
const DISPLAYS = 200;
const WINDOW_SECONDS = Number(process.env.BENCH_DISPLAY_WINDOW_SECONDS ?? 60);
const ROUNDS = 100;
const TARGET_SHARE = 0.05;
const CLOCK_TICKS = 100; // USER_HZ on Linux

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** CPU seconds the process has used so far (user + system), from /proc. */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime), counted from the state (field 3) here.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function signInManager(escale: Server): Promise<string> {
  const response = await fetch(`${escale.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: escale.url },
    body: JSON.stringify({ email: 'gerant@escale.test', password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`the demo manager could not sign in: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

async function callAs<T>(escale: Server, cookie: string, name: string, data: unknown): Promise<T> {
  const response = await fetch(`${escale.url}/api/fn/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: escale.url, cookie },
    body: JSON.stringify({ data }),
  });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: T }).result;
}

/** DISPLAYS links over the demo manager's first space's rooms: their secrets. */
async function makeDisplays(escale: Server): Promise<string[]> {
  const cookie = await signInManager(escale);
  const mine = await callAs<{ managed: Array<{ id: string }> }>(
    escale,
    cookie,
    'backoffice.listMySpaces',
    {},
  );
  const spaceId = mine.managed[0]!.id;
  const { rooms } = await callAs<{ rooms: Array<{ id: string }> }>(escale, cookie, 'doorDisplays.list', {
    spaceId,
  });
  const tokens: string[] = [];
  for (let index = 0; index < DISPLAYS; index++) {
    const room = rooms[index % rooms.length]!;
    const { url } = await callAs<{ url: string }>(escale, cookie, 'doorDisplays.create', {
      spaceId,
      roomId: room.id,
      name: `Bench ${index + 1}`,
    });
    tokens.push(url.split('/display/')[1]!);
  }
  console.log(`  ${DISPLAYS} display links over ${rooms.length} rooms of the demo manager's space`);
  return tokens;
}

/** p50 and p95 (ms) of the time to a whole response body, one request at a time. */
async function timeDocument(url: string): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 10; i++) await (await fetch(url)).text();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await (await fetch(url)).text();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

interface PollCounts {
  full: number;
  notModified: number;
  failed: number;
}

/** Every display polls once per DISPLAY_POLL_SECONDS, their polls spread evenly, for `seconds`. */
async function pollFor(escale: Server, tokens: string[], etags: Map<string, string>, seconds: number) {
  const counts: PollCounts = { full: 0, notModified: 0, failed: 0 };
  const end = Date.now() + seconds * 1000;
  const spacing = (DISPLAY_POLL_SECONDS * 1000) / tokens.length;
  const pending: Promise<void>[] = [];
  for (let tick = 0; Date.now() < end; tick++) {
    const token = tokens[tick % tokens.length]!;
    pending.push(poll(escale, token, etags, counts));
    const due = tick * spacing;
    const wait = due - (Date.now() - (end - seconds * 1000));
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await Promise.all(pending);
  return counts;
}

async function poll(escale: Server, token: string, etags: Map<string, string>, counts: PollCounts) {
  const etag = etags.get(token);
  try {
    const response = await fetch(`${escale.url}${displayStatePath(token)}`, {
      headers: etag ? { 'If-None-Match': etag } : {},
    });
    if (response.status === 200) {
      etags.set(token, response.headers.get('ETag') ?? '');
      await response.arrayBuffer();
      counts.full++;
    } else if (response.status === 304) counts.notModified++;
    else counts.failed++;
  } catch {
    counts.failed++;
  }
}

/** The server's CPU seconds for `work`, one request at a time: per request, in ms. */
async function cpuPerRequest(escale: Server, count: number, work: (index: number) => Promise<void>) {
  const before = cpuSecondsOf(escale.pid);
  for (let index = 0; index < count; index++) await work(index);
  return ((cpuSecondsOf(escale.pid) - before) * 1000) / count;
}

const share = (cpu: number, seconds: number) => `${((cpu / seconds) * 100).toFixed(2)} % of one core`;

export async function run() {
  buildEscaleIfNeeded();
  const reference = buildReferenceApp();
  const servers: Server[] = [];
  try {
    const bare = await startReference(reference.dir);
    servers.push(bare);
    const escale = await startEscale();
    servers.push(escale);
    console.log(`Load average (1, 5, 15 min) at start: ${load()}; ${os.cpus().length} cores`);
    const tokens = await makeDisplays(escale);
    const page = `${escale.url}/display/${tokens[0]}`;

    console.log('\nFirst-load JavaScript (Chromium, empty cache, until the network is idle):');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const base = await firstLoad(browser, `${bare.url}/`);
      const display = await firstLoad(browser, page);
      const row = (label: string, figures: typeof base) =>
        `  ${label.padEnd(24)} ${String(figures.files).padStart(3)} files  ${kib(figures.wire).padStart(10)} on the wire  ${kib(figures.decoded).padStart(10)} decoded  HTML ${kib(figures.html).padStart(8)}`;
      console.log(row('bare app /', base));
      console.log(`${row('door display', display)}  ${(display.wire / base.wire).toFixed(2)}× bare`);
    } finally {
      await browser.close();
    }

    console.log(`\nServer render, time to the whole HTML document (${ROUNDS} requests one at a time):`);
    const bareTime = await timeDocument(`${bare.url}/`);
    const displayTime = await timeDocument(page);
    const line = (label: string, { p50, p95 }: { p50: number; p95: number }) =>
      `  ${label.padEnd(24)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`;
    console.log(line('bare app /', bareTime));
    console.log(line('door display', displayTime));

    console.log(`\nCost of one answer to a display's poll (server CPU, ${DISPLAYS} requests one at a time):`);
    const etags = new Map<string, string>();
    const first: PollCounts = { full: 0, notModified: 0, failed: 0 };
    const fullMs = await cpuPerRequest(escale, DISPLAYS, (index) =>
      poll(escale, tokens[index]!, etags, first),
    );
    const again: PollCounts = { full: 0, notModified: 0, failed: 0 };
    const notModifiedMs = await cpuPerRequest(escale, DISPLAYS, (index) =>
      poll(escale, tokens[index]!, etags, again),
    );
    console.log(
      `  first poll              ${fullMs.toFixed(2)} ms CPU (${first.full} full, ${first.failed} failed)`,
    );
    console.log(
      `  next poll               ${notModifiedMs.toFixed(2)} ms CPU (${again.notModified} not modified, ${again.full} full)`,
    );
    const perSecond = DISPLAYS / DISPLAY_POLL_SECONDS;
    const fullPerSecond = DISPLAYS / (QR_PERIOD_MINUTES * 60);
    const steady = (perSecond - fullPerSecond) * notModifiedMs + fullPerSecond * fullMs;
    console.log(
      `  steady state: ${perSecond.toFixed(1)} polls/s, ${fullPerSecond.toFixed(2)} of them full → ${(steady / 10).toFixed(2)} % of one core`,
    );

    console.log(
      `\n${DISPLAYS} displays polling every ${DISPLAY_POLL_SECONDS} s, ${WINDOW_SECONDS} s measured:`,
    );
    const idleBefore = cpuSecondsOf(escale.pid);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000));
    const idle = cpuSecondsOf(escale.pid) - idleBefore;
    const before = cpuSecondsOf(escale.pid);
    const counts = await pollFor(escale, tokens, etags, WINDOW_SECONDS);
    const polling = cpuSecondsOf(escale.pid) - before;
    console.log(`  idle server               ${idle.toFixed(2)} s CPU = ${share(idle, WINDOW_SECONDS)}`);
    console.log(
      `  polled                    ${polling.toFixed(2)} s CPU = ${share(polling, WINDOW_SECONDS)} (${counts.full} full, ${counts.notModified} not modified, ${counts.failed} failed)`,
    );
    const added = (polling - idle) / WINDOW_SECONDS;
    console.log(
      `  polling's own cost        ${(added * 100).toFixed(2)} % of one core (target < ${TARGET_SHARE * 100} %: ${added < TARGET_SHARE ? 'met' : 'NOT met'})`,
    );
    console.log(`Load average at the end: ${load()}`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    reference.remove();
  }
}
