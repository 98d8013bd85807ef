// @databases pglite
/**
 * Every page route (app/routes.ts, read from the app's production build) and every other GET route the server
 * answers (files, photos, calendars), with hostile values in their path parameters and in every query
 * parameter the app reads: a page answers 404 or 400, never 5xx, and always answers. The query parameters
 * are those the loaders were seen reading (URLSearchParams is watched while every route is visited), so a
 * new route or a new parameter is covered without touching this file.
 *
 * Hostile path values go over real HTTP (Node's parser and the adapter read the raw path), as does the first
 * visit of each route in each view; hostile query values go to the same app in-process (`inProcessAgent`: the
 * same headers, middleware, session and rendering, without a socket), as in hostile-input.test.ts.
 *
 * `HOSTILE_FUZZ=long` sends every value to every parameter apart, as every identity.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAnswer,
  FUZZ_SEED,
  inPool,
  isAttacked,
  LONG_RUN,
  startHostileApp,
  type Finding,
  type HostileApp,
  type Identity,
  unreached,
} from '../tests/support/hostile-app';
import { createRng, HOSTILE_URL_VALUES } from '../tests/support/hostile-input';

const CONCURRENT_REQUESTS = 4;
/** Views a page shows only when asked for them, visited to see what they read. */
const VIEWS = ['', 'view=planning', 'view=approvals', 'step=hours', 'section=team'];
/** The values every route gets in the bounded run; the others are drawn with the seed. */
const ALWAYS = ['%00', '%ED%A0%80', '9999-12-31'];
const DRAWN_PER_ROUTE = 3;

let hostile: HostileApp;
let build: ServerBuild;

/**
 * The pages' production build, the one `npm start` and the browser tests serve (BUILD_DIR, `build` by
 * default), built first when its sources changed, as the browser tests build it (a test build: no
 * precompressed copies): in `npm test` the browser step then finds it made. Loading it costs about 0.2 s of CPU
 * where Vite's development server took about 10 s to transform the same routes (docs/decisions/026).
 */
async function productionBuild(): Promise<ServerBuild> {
  const buildDir = process.env.BUILD_DIR || 'build';
  // The build's own environment, not this test run's (Vitest's NODE_ENV=test would make a development build).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
  );
  const status = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/start.mjs', 'build-if-needed'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, BUILD_DIR: buildDir, PRECOMPRESS: process.env.PRECOMPRESS ?? 'off' },
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (status !== 0) throw new Error(`building the app for its pages failed (${status})`);
  const entry = pathToFileURL(path.resolve(buildDir, 'server/index.js')).href;
  return (await import(/* @vite-ignore */ entry)) as ServerBuild;
}

beforeAll(async () => {
  build = await productionBuild();
  hostile = await startHostileApp({ getServerBuild: async () => build });
}, 240_000);

afterAll(() => hostile?.app.close());

/** Each page route's full path pattern (`spaces/:id`), from the build's route tree. */
function pagePatterns(): string[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return [parent, route.path ?? ''].filter(Boolean).join('/');
  };
  return [...new Set(Object.keys(routes).map((id) => `/${fullPath(id)}`))];
}

/** The server's own GET routes that take a parameter (`/api/files/:key`, `/media/*`…). */
function serverPatterns(): string[] {
  return [
    ...new Set(
      hostile.app.routes
        .filter((route) => route.method === 'GET' && /[:*]/.test(route.path) && !/^\/?\*$/.test(route.path))
        .map((route) => route.path),
    ),
  ];
}

function filled(pattern: string, value: string): string {
  return pattern.replace(/:[A-Za-z]+(\{[^}]*\})?\??/g, value).replace(/\*/g, value);
}

/** What the pages read from their query, watched on URLSearchParams while `visit` runs. */
async function parametersReadDuring(visit: () => Promise<void>): Promise<Set<string>> {
  // Only one visit at a time, so that what is read belongs to it.
  const names = new Set<string>();
  const prototype = URLSearchParams.prototype;
  const originals = { get: prototype.get, getAll: prototype.getAll, has: prototype.has };
  prototype.get = function (this: URLSearchParams, name: string) {
    names.add(name);
    return originals.get.call(this, name);
  };
  prototype.getAll = function (this: URLSearchParams, name: string) {
    names.add(name);
    return originals.getAll.call(this, name);
  };
  prototype.has = function (this: URLSearchParams, name: string, value?: string) {
    names.add(name);
    return originals.has.call(this, name, value);
  };
  try {
    await visit();
  } finally {
    Object.assign(prototype, originals);
  }
  return names;
}

interface Visit {
  path: string;
  identity: Identity;
  label: string;
  /** Sent over real HTTP rather than in-process. */
  overHttp: boolean;
}

async function visitAll(visits: Visit[], findings: Finding[]) {
  await inPool(visits, CONCURRENT_REQUESTS, async (visit) => {
    const finding = await checkAnswer(
      (signal) =>
        (visit.overHttp ? visit.identity.agent : visit.identity.inProcess).request(visit.path, {
          headers: { Accept: 'text/html' },
          signal,
        }),
      { target: visit.path.slice(0, 120), identity: visit.identity.name, label: visit.label },
    );
    if (finding) findings.push(finding);
  });
}

describe('every route under hostile URLs', () => {
  it(
    'answers every page and server route with hostile path and query values, never 5xx',
    async () => {
      const { identities, known } = hostile;
      const patterns = [...pagePatterns(), ...serverPatterns()].filter(isAttacked);
      const real = (pattern: string) =>
        filled(pattern, String(/room/i.test(pattern) ? known.roomId : known.ref));

      // Visit every route, signed out and as the owner (who sees every view, also those a page only shows
      // when asked), one request at a time, to see what each page reads in each of its views.
      const [anonymous, owner] = [identities[0]!, identities[identities.length - 1]!];
      const variants: Array<{ pattern: string; view: URLSearchParams; identity: Identity; reads: string[] }> =
        [];
      const perRoute = new Map<string, number>();
      const perRouteOverHttp = new Map<string, number>();
      const count = (pattern: string, overHttp: boolean) => {
        perRoute.set(pattern, (perRoute.get(pattern) ?? 0) + 1);
        if (overHttp) perRouteOverHttp.set(pattern, (perRouteOverHttp.get(pattern) ?? 0) + 1);
      };
      for (const pattern of patterns) {
        for (const [identity, view] of [
          [anonymous, ''],
          ...VIEWS.map((view) => [owner, view] as const),
        ] as const) {
          const reads = await parametersReadDuring(async () => {
            const response = await identity.agent.request(`${real(pattern)}?${view}`, {
              headers: { Accept: 'text/html' },
            });
            await response.arrayBuffer();
          });
          count(pattern, true);
          const asked = new URLSearchParams(view);
          // A view the page does not read is the page without it.
          if (view && ![...asked.keys()].some((key) => reads.has(key))) continue;
          variants.push({ pattern, view: asked, identity, reads: [...reads] });
        }
      }
      const names = new Set(variants.flatMap((variant) => variant.reads));
      expect(names.size).toBeGreaterThan(10);

      const rng = createRng(FUZZ_SEED);
      const findings: Finding[] = [];
      const visits: Visit[] = [];
      let turn = 0;
      const valuesToSend = () =>
        LONG_RUN
          ? [...HOSTILE_URL_VALUES]
          : [...ALWAYS, ...Array.from({ length: DRAWN_PER_ROUTE }, () => rng.pick(HOSTILE_URL_VALUES))];
      // Path parameters, as each identity in turn (each of them in a long run).
      for (const pattern of patterns.filter((pattern) => /[:*]/.test(pattern))) {
        for (const value of valuesToSend()) {
          const senders = LONG_RUN ? identities : [identities[turn++ % identities.length]!];
          for (const identity of senders) {
            visits.push({ path: filled(pattern, value), identity, label: `path ${value}`, overHttp: true });
            count(pattern, true);
          }
        }
      }
      // Query parameters, in the view where the page reads them: every one it read at once (each apart too
      // in a long run), the view's own parameters kept.
      for (const variant of variants) {
        const hostileNames = variant.reads.filter((name) => !variant.view.has(name));
        if (!hostileNames.length) continue;
        for (const value of valuesToSend()) {
          const query = (names: string[]) =>
            [variant.view.toString(), ...names.map((name) => `${encodeURIComponent(name)}=${value}`)]
              .filter(Boolean)
              .join('&');
          const path = real(variant.pattern);
          visits.push({
            path: `${path}?${query(hostileNames)}`,
            identity: variant.identity,
            label: `query ${value}`,
            overHttp: false,
          });
          count(variant.pattern, false);
          if (LONG_RUN && hostileNames.length > 1) {
            for (const name of hostileNames) {
              visits.push({
                path: `${path}?${query([name])}`,
                identity: variant.identity,
                label: `${name} ${value}`,
                overHttp: false,
              });
            }
          }
        }
      }
      // Every route was visited in each of its views, and one with a parameter in its path got every value
      // of the round in it (a filter matching no route fails), those over real HTTP.
      const minimum = patterns.map((pattern): [string, number] => [
        pattern,
        1 + (/[:*]/.test(pattern) ? ALWAYS.length : 0),
      ]);
      expect(unreached(perRoute, minimum)).toEqual([]);
      expect(unreached(perRouteOverHttp, minimum)).toEqual([]);
      await visitAll(visits, findings);
      console.info(
        `hostile URLs: ${visits.length} requests (${visits.filter((visit) => visit.overHttp).length} over HTTP) to ${patterns.length} routes reading ${names.size} parameters: ${[...names].join(', ')}`,
      );
      expect(findings.slice(0, 60)).toEqual([]);
    },
    LONG_RUN ? 3_600_000 : 240_000,
  );
});
