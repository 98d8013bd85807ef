// @databases pglite
/**
 * The page pipeline end to end without a Vite build: Hono → React Router's request handler → our real
 * `entry.server` (crawler handling, error logging), with a small hand-written route table in place of the
 * built one: a route whose loader throws, one whose validation step fails, one that works.
 */
import { createElement } from 'react';
import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invariantRoute } from '../app/platform/route-invariant';
import { handWrittenBuild } from '../tests/support/hand-written-build';
import { createTestDatabase } from '../tests/support/test-database';
import { testConfig } from '../tests/support/test-config';
import { createApp } from './app';
import type { Database } from './db/client';
import { createCallableRouter } from './platform/callables';
import { configureLog } from './platform/log';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

function RootErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return createElement('main', { id: 'error-page' }, `Erreur ${status}`);
}

const modules = {
  root: { default: () => createElement(Outlet), ErrorBoundary: RootErrorBoundary },
  'routes/explode': {
    default: () => createElement('p', null, 'never shown'),
    loader: () => {
      throw new Error('the database said no');
    },
  },
  'routes/space': {
    default: () => createElement('p', null, 'a space'),
    loader: ({ params }: { params: { id?: string } }) => {
      invariantRoute(/^\d+$/.test(params.id ?? ''));
      return { id: params.id };
    },
  },
};

const build = handWrittenBuild([
  { id: 'root', path: '', module: modules.root },
  { id: 'routes/explode', parentId: 'root', path: 'explode', module: modules['routes/explode'] },
  { id: 'routes/space', parentId: 'root', path: 'spaces/:id', module: modules['routes/space'] },
]);

let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({
    database,
    config: testConfig(),
    router: createCallableRouter([]),
    readSession: async () => null,
    getServerBuild: async () => build,
    mode: 'production',
  });
});

afterAll(() => database.close());

function get(path: string, userAgent: string) {
  return app.request(path, { headers: { 'User-Agent': userAgent, Accept: 'text/html' } });
}

/** Runs `action` with the server's logger on (tests run silent) and returns what it wrote. */
async function captureLogs(action: () => Promise<void>) {
  const written: string[] = [];
  const keep = (chunk: unknown) => (written.push(String(chunk)), true);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(keep);
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  configureLog({ level: 'debug', json: false });
  try {
    await action();
    return written;
  } finally {
    configureLog({ level: 'silent', json: false });
    stderr.mockRestore();
    stdout.mockRestore();
  }
}

/** A crawler asking for `path` gets the minimal 404 answer (with the logger on, as the page handler logs). */
async function expectCrawlerNotFound(path: string) {
  await captureLogs(async () => {
    const response = await get(path, GOOGLEBOT);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Error 404');
  });
}

describe('an unhandled error in a loader', () => {
  it('shows people the error page with HTTP 500', async () => {
    const logs = await captureLogs(async () => {
      const response = await get('/explode', BROWSER);
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<main id="error-page">Erreur 500</main>');
    });
    expect(logs.join('\n')).toContain('the database said no');
  });

  it('sends a crawler a minimal 500 answer, renders no error page and logs the error', async () => {
    const logs = await captureLogs(async () => {
      const response = await get('/explode', GOOGLEBOT);
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toBe('Error 500');
    });
    const text = logs.join('\n');
    expect(text).toContain('the database said no');
    expect(text).toContain('page error for a crawler');
  });
});

describe("a route's validation step", () => {
  it('fails with 404 by default and shows the 404 page', async () => {
    const response = await get('/spaces/not-a-number', BROWSER);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Erreur 404');
  });

  it('lets a valid request through', async () => {
    const response = await get('/spaces/42', BROWSER);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('a space');
  });

  it('gives a crawler the minimal 404 answer', async () => {
    await expectCrawlerNotFound('/spaces/nope');
  });
});

describe('an unknown path', () => {
  it('is a 404 page for people and a minimal 404 for crawlers', async () => {
    expect((await get('/no/such/page', BROWSER)).status).toBe(404);
    await expectCrawlerNotFound('/no/such/page');
  });
});

describe('GET /api/build', () => {
  it("answers the running build's id, never cached", async () => {
    const response = await app.request('/api/build');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ buildId: 'test-build-1' });
  });
});

describe('site route rules', () => {
  it('redirect before rendering', async () => {
    const response = await get('/auth/login?redirect=%2Fprofile', BROWSER);
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/auth/Login?redirect=%2Fprofile');
  });
});
