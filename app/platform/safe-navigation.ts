import { REDIRECT_PARAM } from '#contract/auth.plain';

/**
 * Seed section 2: navigating to an external URL is refused unless explicitly allowed; `javascript:`,
 * `data:`, `blob:` and `vbscript:` URLs are always refused. One function decides for every programmatic
 * navigation and every `redirect` parameter.
 */
export const FORBIDDEN_SCHEMES = ['javascript:', 'data:', 'blob:', 'vbscript:'] as const;

/** Longer targets are refused outright: no legitimate in-app link is that long, and it bounds the work. */
export const MAX_TARGET_LENGTH = 2048;

/** Entity decoding and percent decoding are undone this many times at most (double-encoding and worse). */
const DECODE_ROUNDS = 3;

export type NavigationVerdict =
  | { ok: true; url: string; external: boolean }
  | { ok: false; reason: 'dangerous-scheme' | 'external-not-allowed' | 'invalid' };

export interface NavigationPolicy {
  /** The app's own origin, e.g. `https://escale.fr`. */
  origin: string;
  /** Host names (lower case) an external navigation may reach. */
  allowedExternalHosts: readonly string[];
  /**
   * The platform's root domain (`ROOT_DOMAIN`): the bare domain and its subdomains (the spaces' branded
   * sites) are ours, so they are allowed, as a full page load since they are another origin.
   */
  siteDomain?: string;
}

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  bsol: '\\',
  quot: '"',
  period: '.',
};

// Browsers drop leading and trailing C0 controls and spaces, and tabs/newlines anywhere, when parsing a URL.
// eslint-disable-next-line no-control-regex
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TABS_AND_NEWLINES = /[\t\n\r]/g;

function stripControls(value: string): string {
  return value.replace(EDGE_CONTROLS, '').replace(TABS_AND_NEWLINES, '');
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => safeCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => safeCodePoint(Number.parseInt(dec, 10)))
    .replace(/&([a-z]+);/gi, (match, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? match);
}

function safeCodePoint(code: number): string {
  return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** Undoes the tricks that hide a scheme or a host from a naive check: entities and percent-encoding. */
function decodeObfuscation(target: string): string {
  let value = target;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const before = value;
    value = decodeEntities(value);
    try {
      value = decodeURIComponent(value);
    } catch {
      // A stray `%` is not an encoding: keep the text as it is.
    }
    if (value === before) break;
  }
  return stripControls(value);
}

function hasForbiddenScheme(value: string): boolean {
  const lowered = value.toLowerCase();
  return FORBIDDEN_SCHEMES.some((scheme) => lowered.startsWith(scheme));
}

function isSiteHost(hostname: string, siteDomain: string | undefined): boolean {
  if (!siteDomain) return false;
  const domain = siteDomain.toLowerCase();
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

const OFF_SITE: NavigationVerdict = { ok: false, reason: 'external-not-allowed' };

/** A path that any reader (browser, `Location` header, router) takes as a path of the current origin. */
function isSameSitePath(path: string): boolean {
  return path.startsWith('/') && path[1] !== '/' && path[1] !== '\\';
}

/** What a browser would do with `reading` on a page of `origin`. */
function judge(reading: string, origin: URL, policy: NavigationPolicy): NavigationVerdict {
  if (hasForbiddenScheme(reading)) return { ok: false, reason: 'dangerous-scheme' };
  let url: URL;
  try {
    url = new URL(reading, origin);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if ((FORBIDDEN_SCHEMES as readonly string[]).includes(url.protocol))
    return { ok: false, reason: 'dangerous-scheme' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'invalid' };
  if (url.origin === origin.origin) {
    const path = `${url.pathname}${url.search}${url.hash}`;
    // `/.//evil.com` and `/a/..//evil.com` normalise to the path `//evil.com`, which a browser (and a
    // `Location` header) reads as another host: such a path is never one of ours.
    return isSameSitePath(path) ? { ok: true, url: path, external: false } : OFF_SITE;
  }
  const hostname = url.hostname.toLowerCase();
  const allowed = policy.allowedExternalHosts.map((host) => host.toLowerCase());
  if (allowed.includes(hostname) || isSiteHost(hostname, policy.siteDomain))
    return { ok: true, url: url.toString(), external: true };
  return { ok: false, reason: 'external-not-allowed' };
}

/**
 * Decides whether `target` may be navigated to. The target is read twice: as a browser reads it (only
 * controls stripped) and fully decoded (entities, percent-encoding). Both readings must be safe and must
 * agree on internal vs external; the browser's reading is what the caller navigates to, so a query such as
 * `?q=a%26b` keeps its meaning.
 */
export function checkNavigationTarget(target: string, policy: NavigationPolicy): NavigationVerdict {
  const verdict = decide(target, policy);
  if (!verdict.ok) return verdict;
  // The result is navigated to, so it must pass the same check and mean the same thing: what was decided on
  // a normalised reading is never something else once written out.
  const again = decide(verdict.url, policy);
  return again.ok && again.url === verdict.url && again.external === verdict.external ? verdict : OFF_SITE;
}

function decide(target: string, policy: NavigationPolicy): NavigationVerdict {
  if (typeof target !== 'string' || target.length > MAX_TARGET_LENGTH)
    return { ok: false, reason: 'invalid' };
  let origin: URL;
  try {
    origin = new URL(policy.origin);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const asBrowserReads = stripControls(target);
  const decoded = decodeObfuscation(target);
  if (!asBrowserReads) return { ok: false, reason: 'invalid' };

  const verdict = judge(asBrowserReads, origin, policy);
  const decodedVerdict = judge(decoded, origin, policy);
  if (!decodedVerdict.ok && decodedVerdict.reason !== 'invalid') return decodedVerdict;
  if (!verdict.ok) return verdict;
  if (decodedVerdict.ok && decodedVerdict.external && !verdict.external)
    // `%2F%2Fevil.com` is a harmless path today, but some later decoding step could turn it into a host.
    return { ok: false, reason: 'external-not-allowed' };
  return verdict;
}

/**
 * A `redirect` parameter reduced to a path of this site, or `fallback` when it is missing, dangerous or
 * points elsewhere (redirects after sign-in never leave the app).
 */
export function safeRedirectPath(target: string | null | undefined, origin: string, fallback = '/'): string {
  if (!target) return fallback;
  const verdict = checkNavigationTarget(target, { origin, allowedExternalHosts: [] });
  return verdict.ok && !verdict.external ? verdict.url : fallback;
}

/** The `redirect` search parameter of a request, made safe: what a login action sends the person back to. */
export function redirectTargetOf(request: Request, fallback = '/'): string {
  const url = new URL(request.url);
  return safeRedirectPath(url.searchParams.get(REDIRECT_PARAM), url.origin, fallback);
}
