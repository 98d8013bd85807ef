import { describe, expect, it } from 'vitest';
import {
  checkNavigationTarget,
  MAX_TARGET_LENGTH,
  redirectTargetOf,
  safeRedirectPath,
  type NavigationPolicy,
} from './safe-navigation';

const policy: NavigationPolicy = {
  origin: 'https://escale.fr',
  allowedExternalHosts: ['www.instagram.com', 'docs.escale-partners.com'],
  siteDomain: 'escale.fr',
};

type Expected = 'internal' | 'external' | 'dangerous-scheme' | 'external-not-allowed' | 'invalid';

/** [target, expected verdict, navigated URL when allowed] */
const TABLE: Array<[string, Expected, string?]> = [
  // Paths of this site.
  ['/', 'internal', '/'],
  ['/spaces/all', 'internal', '/spaces/all'],
  ['/search?city=Lyon&people=4#results', 'internal', '/search?city=Lyon&people=4#results'],
  ['/search?q=a%26b', 'internal', '/search?q=a%26b'],
  ['/search?next=%2F%2Fevil.com', 'internal', '/search?next=%2F%2Fevil.com'],
  ['spaces/all', 'internal', '/spaces/all'],
  ['/a/../auth/Login', 'internal', '/auth/Login'],
  ['https://escale.fr/profile', 'internal', '/profile'],
  ['HTTPS://ESCALE.FR/profile', 'internal', '/profile'],
  // Same scheme without slashes is a relative path to a browser.
  ['https:profile', 'internal', '/profile'],
  ['  /profile  ', 'internal', '/profile'],
  ['/pro\tfile', 'internal', '/profile'],
  // The platform's own subdomains (branded spaces) are another origin but ours.
  ['https://acme.escale.fr/spaces/1', 'external', 'https://acme.escale.fr/spaces/1'],
  // Allowed external hosts, in any case.
  ['https://www.instagram.com/escale', 'external', 'https://www.instagram.com/escale'],
  ['HTTPS://WWW.INSTAGRAM.COM/escale', 'external', 'https://www.instagram.com/escale'],
  ['https://docs.escale-partners.com/guide?x=1', 'external', 'https://docs.escale-partners.com/guide?x=1'],
  // Unlisted external URLs, however they are written.
  ['https://evil.com', 'external-not-allowed'],
  ['http://evil.com/auth/Login', 'external-not-allowed'],
  ['//evil.com', 'external-not-allowed'],
  ['///evil.com', 'external-not-allowed'],
  ['/\\evil.com', 'external-not-allowed'],
  ['\\\\evil.com', 'external-not-allowed'],
  ['\\/evil.com', 'external-not-allowed'],
  ['https://escale.fr@evil.com/', 'external-not-allowed'],
  ['https://evil.com\\@escale.fr', 'external-not-allowed'],
  ['https://escale.fr.evil.com/', 'external-not-allowed'],
  ['https://evilescale.fr/', 'external-not-allowed'],
  ['https://instagram.com.evil.com/', 'external-not-allowed'],
  ['https://sub.www.instagram.com/', 'external-not-allowed'],
  ['%2F%2Fevil.com', 'external-not-allowed'],
  ['/%5Cevil.com', 'external-not-allowed'],
  ['&#47;&#47;evil.com', 'external-not-allowed'],
  ['\u0000//evil.com', 'external-not-allowed'],
  // Paths that normalise (dot segments, encoded dots, backslashes) to `//host`, a host to any browser.
  ['/.//evil.com', 'external-not-allowed'],
  ['/%2e//evil.com', 'external-not-allowed'],
  ['/%2E//evil.com', 'external-not-allowed'],
  ['/a/..//evil.com', 'external-not-allowed'],
  ['/a/%2e%2e//evil.com', 'external-not-allowed'],
  ['/..//evil.com', 'external-not-allowed'],
  ['/./\\evil.com', 'external-not-allowed'],
  ['/.\\\\evil.com', 'external-not-allowed'],
  ['/.%2f/evil.com', 'external-not-allowed'],
  ['/./%5cevil.com', 'external-not-allowed'],
  ['/%252e//evil.com', 'external-not-allowed'],
  ['https://escale.fr/.//evil.com', 'external-not-allowed'],
  ['/.//evil.com/auth/Login?redirect=/', 'external-not-allowed'],
  // Backslashes, tabs and newlines between the slashes, raw or encoded.
  ['\\\\evil.com\\x', 'external-not-allowed'],
  ['/\t/evil.com', 'external-not-allowed'],
  ['/\t\\evil.com', 'external-not-allowed'],
  ['\t//evil.com', 'external-not-allowed'],
  ['/\n/evil.com', 'external-not-allowed'],
  ['/\r\n/evil.com', 'external-not-allowed'],
  ['/%09/evil.com', 'external-not-allowed'],
  ['/%0a/evil.com', 'external-not-allowed'],
  ['/%0d%0a/evil.com', 'external-not-allowed'],
  ['/%5c%5cevil.com', 'external-not-allowed'],
  ['%5C%5Cevil.com', 'external-not-allowed'],
  ['/%5C/evil.com', 'external-not-allowed'],
  ['/&bsol;evil.com', 'external-not-allowed'],
  ['/&#92;evil.com', 'external-not-allowed'],
  // User-info forms: whatever precedes `@` is not the host.
  ['/\\@evil.com', 'external-not-allowed'],
  ['//@evil.com', 'external-not-allowed'],
  ['/.//@evil.com', 'external-not-allowed'],
  ['//escale.fr@evil.com', 'external-not-allowed'],
  ['/\\escale.fr@evil.com', 'external-not-allowed'],
  ['https://escale.fr%40evil.com', 'external-not-allowed'],
  ['https:\\\\evil.com', 'external-not-allowed'],
  ['https:/\\evil.com', 'external-not-allowed'],
  // Harmless look-alikes stay paths.
  ['/a//b', 'internal', '/a//b'],
  ['/profile@home', 'internal', '/profile@home'],
  ['/ /x', 'internal', '/%20/x'],
  ['http:evil.com', 'external-not-allowed'],
  ['http:profile', 'external-not-allowed'],
  ['ftp://evil.com/file', 'invalid'],
  // Dangerous schemes, plain and obfuscated.
  ['javascript:alert(1)', 'dangerous-scheme'],
  ['JavaScript:alert(1)', 'dangerous-scheme'],
  ['JAVASCRIPT:alert(1)', 'dangerous-scheme'],
  ['  javascript:alert(1)', 'dangerous-scheme'],
  ['\u0000javascript:alert(1)', 'dangerous-scheme'],
  ['\u001fjavascript:alert(1)', 'dangerous-scheme'],
  ['\u0001\u0002 javascript:alert(1)', 'dangerous-scheme'],
  ['java\tscript:alert(1)', 'dangerous-scheme'],
  ['java\nscript:alert(1)', 'dangerous-scheme'],
  ['java\r\nscript:alert(1)', 'dangerous-scheme'],
  ['javascript&colon;alert(1)', 'dangerous-scheme'],
  ['javascript&#58;alert(1)', 'dangerous-scheme'],
  ['javascript&#x3a;alert(1)', 'dangerous-scheme'],
  ['&#106;avascript:alert(1)', 'dangerous-scheme'],
  ['&#x6A;avascript:alert(1)', 'dangerous-scheme'],
  [
    '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116:alert(1)',
    'dangerous-scheme',
  ],
  ['java&Tab;script:alert(1)', 'dangerous-scheme'],
  ['%6Aavascript:alert(1)', 'dangerous-scheme'],
  ['javascript%3Aalert(1)', 'dangerous-scheme'],
  ['%256Aavascript%253Aalert(1)', 'dangerous-scheme'],
  ['%20javascript:alert(1)', 'dangerous-scheme'],
  ['javascript://%0aalert(1)', 'dangerous-scheme'],
  ['data:text/html,<script>alert(1)</script>', 'dangerous-scheme'],
  ['DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'dangerous-scheme'],
  ['blob:https://escale.fr/3f1c0e0a-1b2c-4d5e-8f90-123456789abc', 'dangerous-scheme'],
  ['vbscript:msgbox(1)', 'dangerous-scheme'],
  ['VbScRiPt:msgbox(1)', 'dangerous-scheme'],
  // Not a URL to navigate to.
  ['', 'invalid'],
  ['   ', 'invalid'],
  ['mailto:hello@escale.fr', 'invalid'],
  [`/${'a'.repeat(MAX_TARGET_LENGTH)}`, 'invalid'],
];

describe('checkNavigationTarget', () => {
  it('has a table of at least 30 targets', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(TABLE)('%j → %s', (target, expected, url) => {
    const verdict = checkNavigationTarget(target, policy);
    if (expected === 'internal' || expected === 'external') {
      expect(verdict).toEqual({ ok: true, external: expected === 'external', url });
    } else {
      expect(verdict).toEqual({ ok: false, reason: expected });
    }
  });

  it('refuses every external host when none is allowed and no site domain is given', () => {
    const strict = { origin: 'https://escale.fr', allowedExternalHosts: [] };
    expect(checkNavigationTarget('https://www.instagram.com/', strict)).toEqual({
      ok: false,
      reason: 'external-not-allowed',
    });
    expect(checkNavigationTarget('https://acme.escale.fr/', strict).ok).toBe(false);
  });

  it('treats another port of the same host as another origin', () => {
    expect(checkNavigationTarget('https://escale.fr:8443/', { ...policy, siteDomain: undefined })).toEqual({
      ok: false,
      reason: 'external-not-allowed',
    });
  });
});

describe('safeRedirectPath', () => {
  const origin = 'http://localhost:3000';

  it('keeps a path of this site with its query and hash', () => {
    expect(safeRedirectPath('/reservations?tab=past#top', origin)).toBe('/reservations?tab=past#top');
  });

  it('reduces an absolute URL of this origin to its path', () => {
    expect(safeRedirectPath('http://localhost:3000/profile', origin)).toBe('/profile');
  });

  it.each([
    ['javascript:alert(1)'],
    [' JaVaScRiPt:alert(1)'],
    ['javascript&#58;alert(1)'],
    ['%6Aavascript:alert(1)'],
    ['\u0000javascript:alert(1)'],
    ['//evil.com'],
    ['/\\evil.com'],
    ['https://evil.com/profile'],
    ['data:text/html,hi'],
  ])('falls back to / for %j', (target) => {
    expect(safeRedirectPath(target, origin)).toBe('/');
  });

  it.each([
    ['/.//evil.com'],
    ['/%2e//evil.com'],
    ['/a/..//evil.com'],
    ['/./\\evil.com'],
    ['/\\evil.com'],
    ['/\t/evil.com'],
    ['/\\@evil.com'],
    ['/%5cevil.com'],
    ['\\\\evil.com'],
  ])('falls back to / for %j, which normalises to another host', (target) => {
    expect(safeRedirectPath(target, origin)).toBe('/');
  });

  it('only ever returns a path that a browser resolves on this origin', () => {
    const starts = [
      '',
      '/',
      '/.',
      '/./',
      '/..',
      '/a/..',
      '/%2e',
      '/%2e%2e',
      '/a/%2e%2e',
      'https://escale.fr/.',
    ];
    const separators = ['/', '\\', '%2f', '%5c', '%2F', '%5C', '\t', '\n', '%09', '&#47;', '&bsol;', '@', ''];
    const hosts = ['evil.com', '@evil.com', 'escale.fr@evil.com', 'evil.com\\@escale.fr'];
    const site = 'https://escale.fr';
    for (const start of starts)
      for (const first of separators)
        for (const second of separators)
          for (const host of hosts) {
            const target = `${start}${first}${second}${host}`;
            const result = safeRedirectPath(target, site);
            const resolved = new URL(result, site);
            expect({ target, origin: resolved.origin }).toEqual({ target, origin: site });
            expect({ target, result: /^\/[\\/]/.test(result) }).toEqual({ target, result: false });
            expect({ target, again: safeRedirectPath(result, site) }).toEqual({ target, again: result });
          }
  });

  it('never leaves the app, even for a host that programmatic navigation may reach', () => {
    expect(safeRedirectPath('https://www.instagram.com/', origin)).toBe('/');
  });

  it('uses the given fallback when the parameter is missing', () => {
    expect(safeRedirectPath(null, origin, '/profile')).toBe('/profile');
    expect(safeRedirectPath('', origin, '/profile')).toBe('/profile');
  });
});

describe('redirectTargetOf', () => {
  it('reads the redirect parameter of a request', () => {
    const request = new Request('http://localhost:3000/auth/Login?redirect=%2Fprofile%3Ftab%3Dsecurity');
    expect(redirectTargetOf(request)).toBe('/profile?tab=security');
  });

  it('refuses a redirect parameter that normalises to another host', () => {
    const request = new Request('http://localhost:3000/auth/Login?redirect=/.//evil.com');
    expect(redirectTargetOf(request)).toBe('/');
  });

  it('refuses a dangerous redirect parameter', () => {
    const request = new Request('http://localhost:3000/auth/Login?redirect=javascript:alert(1)');
    expect(redirectTargetOf(request)).toBe('/');
  });
});
