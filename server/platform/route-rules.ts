import type { MiddlewareHandler } from 'hono';
import { LOGIN_PATH, RESET_PATH, SIGNUP_PATH, VALIDATED_PATH } from '#contract/auth';

/**
 * Site route rules (seed section 2): a path can be redirected, inside the app or to another site, before any
 * page is rendered. The table is data; `resolveRouteRule` reads it; `routeRules` applies it in the server.
 */
export type RedirectStatus = 301 | 302 | 307 | 308;

export interface RouteRule {
  /** A path of this site (`/auth/login`); a trailing slash is ignored. */
  from: string;
  /** A path of this site or an absolute `https://` URL (which leaves the app). */
  to: string;
  status: RedirectStatus;
  /** Matches any letter case of `from`; a path already spelt like `to` is never redirected to itself. */
  ignoreCase?: boolean;
}

export const SITE_ROUTE_RULES: readonly RouteRule[] = [
  // The auth screens keep the seed's exact spelling; other spellings land there.
  ...[LOGIN_PATH, RESET_PATH, SIGNUP_PATH, VALIDATED_PATH].map((path): RouteRule => ({
    from: path,
    to: path,
    status: 308,
    ignoreCase: true,
  })),
  // Password managers look here for the "change my password" page (W3C well-known URL).
  { from: '/.well-known/change-password', to: '/profile', status: 302 },
];

export interface RouteRedirect {
  location: string;
  status: RedirectStatus;
  external: boolean;
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function isExternal(to: string): boolean {
  return /^https?:\/\//i.test(to);
}

/** The redirect a rule gives `pathname`, keeping the query unless the target has its own; null when none. */
export function resolveRouteRule(
  rules: readonly RouteRule[],
  pathname: string,
  search = '',
): RouteRedirect | null {
  const path = withoutTrailingSlash(pathname);
  for (const rule of rules) {
    const from = withoutTrailingSlash(rule.from);
    const matches = rule.ignoreCase ? path.toLowerCase() === from.toLowerCase() : path === from;
    if (!matches) continue;
    const external = isExternal(rule.to);
    if (!external && path === withoutTrailingSlash(rule.to.split('?')[0] ?? '') && pathname === path)
      continue;
    const location = rule.to.includes('?') || !search ? rule.to : `${rule.to}${search}`;
    return { location, status: rule.status, external };
  }
  return null;
}

/** The page a single-fetch data request (`/x.data`, `/x/_.data`, `/_root.data`) is for, or null. */
export function pageOfDataRequest(pathname: string): string | null {
  if (pathname === '/_root.data') return '/';
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length);
  if (pathname.endsWith('.data')) return pathname.slice(0, -'.data'.length);
  return null;
}

/** React Router's own parameters on a data request, which are not part of the page's query. */
const DATA_REQUEST_PARAMS = ['_routes', 'index'];

/**
 * Applies the rules to page requests and to React Router's data requests. A document gets a plain HTTP
 * redirect; a client-side navigation's data request gets React Router's redirect answer (204 with
 * `X-Remix-Redirect`), with a full document load for an external target so it leaves the app.
 */
export function routeRules(rules: readonly RouteRule[]): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const url = new URL(c.req.url);
    const dataPage = pageOfDataRequest(url.pathname);
    if (dataPage !== null) {
      for (const param of DATA_REQUEST_PARAMS) url.searchParams.delete(param);
    }
    // A document keeps its query byte for byte; a data request's query is rebuilt without React Router's own.
    const search = dataPage === null ? url.search : url.searchParams.size ? `?${url.searchParams}` : '';
    const redirect = resolveRouteRule(rules, dataPage ?? url.pathname, search);
    if (!redirect) return next();
    if (dataPage === null) return c.redirect(redirect.location, redirect.status);
    c.header('X-Remix-Redirect', redirect.location);
    c.header('X-Remix-Status', String(redirect.status));
    if (redirect.external) c.header('X-Remix-Reload-Document', 'true');
    return c.body(null, 204);
  };
}
