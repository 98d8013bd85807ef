/**
 * Door displays (docs/decisions/035-door-displays.md), Escale as `npm start` runs it (compiled, PGlite, demo
 * data) beside the bare React Router app (bench/reference-app.ts), both on loopback in this run:
 *
 * - first-load JavaScript of a display page (`/display/<secret>`, landscape tablet) beside the bare app's `/`;
 * - server render: the time to the whole HTML document of a display page, p50/p95 over ROUNDS requests, beside
 *   the bare app's `/` (one request at a time, after a warm-up);
 * - the server CPU of one answer to a display's poll, one request at a time: a first (full) answer, for the
 *   first display of each room (its agenda, availability and QR code made) and for the room's other displays
 *   (those shared, when the server shares them), and a next poll (304);
 * - 200 displays polling one space: DISPLAYS links over the demo space's rooms, each polling every
 *   DISPLAY_POLL_SECONDS with its ETag as the page does, spread evenly; the server process's CPU time
 *   (utime + stime from /proc, PGlite runs inside it: the database's work is counted) as a share of one core,
 *   minus the same process idle. Two phases, printed apart: the warm-up, from the displays' first polls until
 *   every display has had its first (full) answer, and then the steady state, over WINDOW seconds. Both fall in
 *   one QR period (the bench waits for the next one to begin when too little of the current one is left), and
 *   a change made before them (a link revoked) makes sure no room view is kept: the warm-up is the burst of
 *   full answers a display sees when a period begins or its space changes. The cost over a whole QR period
 *   (one warm-up, then the steady state) is printed from the two.
 *
 * `npm run bench door-displays`; BENCH_DISPLAY_WINDOW_SECONDS (default 60) sets the steady state's window.
 */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { DISPLAY_POLL_SECONDS, displayStatePath } from '../contract/door-displays.plain';
import { CHROMIUM_ARGS } from '../playwright.config';
import { DEMO_PASSWORD } from '../server/demo/demo-accounts';
import { QR_PERIOD_MINUTES } from '../server/features/door-displays/display-state.service';
import { firstLoad, kib } from './first-load.bench';
import { buildReferenceApp } from './reference-app';
import {
  buildEscaleIfNeeded,
  cpuSecondsOf,
  loadAverage,
  type Server,
  startEscale,
  startReference,
} from './servers';
import { percentile } from './timing';

const CHROMIUM = '/usr/bin/chromium';
const DISPLAYS = 200;
const WINDOW_SECONDS = Number(process.env.BENCH_DISPLAY_WINDOW_SECONDS ?? 60);
const ROUNDS = 100;
const TARGET_SHARE = 0.05;

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

interface Displays {
  /** The secrets of the DISPLAYS links, the `rooms` first ones each of another room. */
  tokens: string[];
  rooms: number;
  /** Revokes one more link of the space (not polled): a change to the space, its version changes. */
  changeSpace(): Promise<void>;
}

/** DISPLAYS links over the demo manager's first space's rooms. */
async function makeDisplays(escale: Server): Promise<Displays> {
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
  const changeSpace = async () => {
    const { display } = await callAs<{ display: { id: string } }>(escale, cookie, 'doorDisplays.create', {
      spaceId,
      roomId: rooms[0]!.id,
      name: 'Bench change',
    });
    await callAs(escale, cookie, 'doorDisplays.revoke', { spaceId, displayId: display.id });
  };
  return { tokens, rooms: rooms.length, changeSpace };
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Polling {
  counts: PollCounts;
  /** Settles when every display has had a full answer. */
  firstAnswers: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The displays poll as their pages do, from no ETag (a page's first poll): each once per DISPLAY_POLL_SECONDS,
 * their polls spread evenly, until stopped.
 */
function startPolling(escale: Server, tokens: string[]): Polling {
  const counts: PollCounts = { full: 0, notModified: 0, failed: 0 };
  const etags = new Map<string, string>();
  let allAnswered = () => {};
  const firstAnswers = new Promise<void>((resolve) => (allAnswered = resolve));
  const spacing = (DISPLAY_POLL_SECONDS * 1000) / tokens.length;
  const pending = new Set<Promise<void>>();
  let running = true;
  const started = Date.now();
  const loop = (async () => {
    for (let tick = 0; running; tick++) {
      const request = poll(escale, tokens[tick % tokens.length]!, etags, counts).then(() => {
        if (etags.size === tokens.length) allAnswered();
      });
      pending.add(request);
      void request.finally(() => pending.delete(request));
      const wait = (tick + 1) * spacing - (Date.now() - started);
      if (wait > 0) await sleep(wait);
    }
  })();
  return {
    counts,
    firstAnswers,
    stop: async () => {
      running = false;
      await loop;
      await Promise.all(pending);
    },
  };
}

/** Waits, when needed, so that `seconds` from now fall in one QR period (a new one begins, else). */
async function withinOneQrPeriod(seconds: number) {
  const period = QR_PERIOD_MINUTES * 60_000;
  const left = period - (Date.now() % period);
  if (left >= seconds * 1000) return;
  console.log(`  (waiting ${(left / 1000).toFixed(0)} s for the next QR period to begin)`);
  await sleep(left + 1_000);
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

export async function run() {
  buildEscaleIfNeeded();
  const reference = buildReferenceApp();
  const servers: Server[] = [];
  try {
    const bare = await startReference(reference.dir);
    servers.push(bare);
    const escale = await startEscale();
    servers.push(escale);
    console.log(`Load average (1, 5, 15 min) at start: ${loadAverage()}; ${os.cpus().length} cores`);
    const displays = await makeDisplays(escale);
    const { tokens } = displays;
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

    console.log(`\nCost of one answer to a display's poll (server CPU, one request at a time):`);
    // All in one QR period: a new one would make the rooms' views again halfway through.
    await withinOneQrPeriod(30);
    const etags = new Map<string, string>();
    const first: PollCounts = { full: 0, notModified: 0, failed: 0 };
    const pollEach = (list: string[], counts: PollCounts) => (index: number) =>
      poll(escale, list[index]!, etags, counts);
    const roomFirsts = tokens.slice(0, displays.rooms);
    const others = tokens.slice(displays.rooms);
    const roomFirstMs = await cpuPerRequest(escale, roomFirsts.length, pollEach(roomFirsts, first));
    const otherFirstMs = await cpuPerRequest(escale, others.length, pollEach(others, first));
    const fullMs = (roomFirstMs * roomFirsts.length + otherFirstMs * others.length) / tokens.length;
    const again: PollCounts = { full: 0, notModified: 0, failed: 0 };
    const notModifiedMs = await cpuPerRequest(escale, tokens.length, pollEach(tokens, again));
    console.log(
      `  first answer, first display of its room    ${roomFirstMs.toFixed(2)} ms CPU (${roomFirsts.length} rooms)`,
    );
    console.log(
      `  first answer, another display of the room  ${otherFirstMs.toFixed(2)} ms CPU (${others.length} displays)`,
    );
    console.log(
      `  first answer, all ${DISPLAYS} displays           ${fullMs.toFixed(2)} ms CPU on average (${first.full} full, ${first.failed} failed)`,
    );
    console.log(
      `  next poll                                  ${notModifiedMs.toFixed(2)} ms CPU (${again.notModified} not modified, ${again.full} full)`,
    );

    const periodSeconds = QR_PERIOD_MINUTES * 60;
    console.log(
      `\n${DISPLAYS} displays polling every ${DISPLAY_POLL_SECONDS} s as their pages do (server CPU minus the same process idle):`,
    );
    // A change to the space: no room view made above is kept for the warm-up below.
    await displays.changeSpace();
    const idleBefore = cpuSecondsOf(escale.pid);
    await sleep(WINDOW_SECONDS * 1000);
    const idleRate = (cpuSecondsOf(escale.pid) - idleBefore) / WINDOW_SECONDS;
    console.log(
      `  idle server                 ${(idleRate * WINDOW_SECONDS).toFixed(2)} s CPU in ${WINDOW_SECONDS} s = ${(idleRate * 100).toFixed(2)} % of one core`,
    );
    await withinOneQrPeriod(DISPLAY_POLL_SECONDS * 2 + WINDOW_SECONDS + 5);

    const polling = startPolling(escale, tokens);
    const [startedAt, cpuAtStart] = [Date.now(), cpuSecondsOf(escale.pid)];
    await polling.firstAnswers;
    const [warmedAt, cpuWarmed] = [Date.now(), cpuSecondsOf(escale.pid)];
    const warm = { ...polling.counts };
    await sleep(WINDOW_SECONDS * 1000);
    const [endedAt, cpuAtEnd] = [Date.now(), cpuSecondsOf(escale.pid)];
    const end = { ...polling.counts };
    await polling.stop();

    const warmSeconds = (warmedAt - startedAt) / 1000;
    const warmCpu = cpuWarmed - cpuAtStart - idleRate * warmSeconds;
    console.log(
      `  warm-up (first answers)     ${warmSeconds.toFixed(1)} s until every display had its first answer: ${warmCpu.toFixed(2)} s CPU = ${((warmCpu / warm.full) * 1000).toFixed(2)} ms a first answer; ${((warmCpu / warmSeconds) * 100).toFixed(2)} % of one core meanwhile (${warm.full} full, ${warm.notModified} not modified, ${warm.failed} failed)`,
    );
    const windowSeconds = (endedAt - warmedAt) / 1000;
    const steadyCpu = cpuAtEnd - cpuWarmed - idleRate * windowSeconds;
    const steady = steadyCpu / windowSeconds;
    console.log(
      `  steady state                ${windowSeconds.toFixed(1)} s from then: ${steadyCpu.toFixed(2)} s CPU = ${(steady * 100).toFixed(2)} % of one core (${end.full - warm.full} full, ${end.notModified - warm.notModified} not modified, ${end.failed - warm.failed} failed)`,
    );
    const perPeriod = (warmCpu + steady * (periodSeconds - warmSeconds)) / periodSeconds;
    console.log(
      `  over a whole QR period      one warm-up, then the steady state, for ${periodSeconds} s: ${(perPeriod * 100).toFixed(2)} % of one core`,
    );
    const met = steady < TARGET_SHARE && perPeriod < TARGET_SHARE;
    console.log(
      `  target < ${TARGET_SHARE * 100} % of one core, steady state and whole period: ${met ? 'met' : 'NOT met'}`,
    );
    console.log(`Load average at the end: ${loadAverage()}`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    reference.remove();
  }
}
