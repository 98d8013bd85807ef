import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  pageOfDataRequest,
  resolveRouteRule,
  routeRules,
  SITE_ROUTE_RULES,
  type RouteRule,
} from './route-rules';

const RULES: RouteRule[] = [
  { from: '/auth/login', to: '/auth/Login', status: 308, ignoreCase: true },
  { from: '/old-pricing', to: '/pricing', status: 301 },
  { from: '/status', to: 'https://status.example.org/escale', status: 302 },
  { from: '/help', to: '/faq?topic=start', status: 307 },
];

describe('resolveRouteRule', () => {
  it.each([
    ['/auth/login', '/auth/Login', 308],
    ['/auth/LOGIN', '/auth/Login', 308],
    ['/Auth/login/', '/auth/Login', 308],
    ['/old-pricing', '/pricing', 301],
    ['/old-pricing/', '/pricing', 301],
    ['/help', '/faq?topic=start', 307],
  ])('redirects %s to %s with %i', (path, location, status) => {
    expect(resolveRouteRule(RULES, path)).toEqual({ location, status, external: false });
  });

  it('never redirects the exact spelling to itself', () => {
    expect(resolveRouteRule(RULES, '/auth/Login')).toBeNull();
  });

  it('matches the exact case only when the rule does not ignore it', () => {
    expect(resolveRouteRule(RULES, '/Old-Pricing')).toBeNull();
  });

  it('keeps the query of the request', () => {
    expect(resolveRouteRule(RULES, '/auth/login', '?redirect=%2Fprofile')).toEqual({
      location: '/auth/Login?redirect=%2Fprofile',
      status: 308,
      external: false,
    });
  });

  it('keeps the query of the rule when it has one', () => {
    expect(resolveRouteRule(RULES, '/help', '?x=1')?.location).toBe('/faq?topic=start');
  });

  it('marks a redirect to another site as external', () => {
    expect(resolveRouteRule(RULES, '/status')).toEqual({
      location: 'https://status.example.org/escale',
      status: 302,
      external: true,
    });
  });

  it('leaves other paths alone', () => {
    expect(resolveRouteRule(RULES, '/pricing')).toBeNull();
    expect(resolveRouteRule(RULES, '/auth/login/extra')).toBeNull();
  });
});

describe('the site table', () => {
  it.each([
    ['/auth/login', '/auth/Login'],
    ['/auth/reset', '/auth/Reset'],
    ['/auth/signup', '/auth/Signup'],
    ['/auth/SIGNUP', '/auth/Signup'],
    ['/auth/Validated', '/auth/validated'],
  ])('sends %s to the seed spelling %s', (path, location) => {
    expect(resolveRouteRule(SITE_ROUTE_RULES, path)?.location).toBe(location);
  });

  it.each([['/auth/Login'], ['/auth/Reset'], ['/auth/Signup'], ['/auth/validated']])(
    'serves %s itself',
    (path) => {
      expect(resolveRouteRule(SITE_ROUTE_RULES, path)).toBeNull();
    },
  );
});

describe('pageOfDataRequest', () => {
  it.each([
    ['/_root.data', '/'],
    ['/auth/login.data', '/auth/login'],
    ['/spaces/all/_.data', '/spaces/all/'],
    ['/auth/login', null],
  ])('%s is for %s', (path, page) => {
    expect(pageOfDataRequest(path)).toBe(page);
  });
});

describe('routeRules middleware', () => {
  const app = new Hono();
  app.use(routeRules(RULES));
  app.all('*', (c) => c.text(`page ${new URL(c.req.url).pathname}`));

  it('answers a document request with an HTTP redirect keeping the query as sent', async () => {
    const response = await app.request('/auth/login?redirect=%2Fprofile');
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/auth/Login?redirect=%2Fprofile');
  });

  it('sends an external redirect out of the app', async () => {
    const response = await app.request('/status');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://status.example.org/escale');
  });

  it("answers a client navigation's data request with React Router's redirect", async () => {
    const response = await app.request('/auth/login.data?redirect=%2Fprofile&_routes=root,routes/x');
    expect(response.status).toBe(204);
    expect(response.headers.get('x-remix-redirect')).toBe('/auth/Login?redirect=%2Fprofile');
    expect(response.headers.get('x-remix-status')).toBe('308');
    expect(response.headers.get('x-remix-reload-document')).toBeNull();
  });

  it('makes an external redirect of a client navigation a full document load', async () => {
    const response = await app.request('/status.data');
    expect(response.status).toBe(204);
    expect(response.headers.get('x-remix-redirect')).toBe('https://status.example.org/escale');
    expect(response.headers.get('x-remix-reload-document')).toBe('true');
  });

  it('lets other requests through', async () => {
    expect(await (await app.request('/auth/Login')).text()).toBe('page /auth/Login');
    expect(await (await app.request('/pricing.data')).text()).toBe('page /pricing.data');
  });

  it('does not redirect form submissions', async () => {
    const response = await app.request('/old-pricing', { method: 'POST' });
    expect(response.status).toBe(200);
  });
});
