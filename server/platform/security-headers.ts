import { randomBytes } from 'node:crypto';

/** A fresh nonce per response: the only way an inline script runs on our pages. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

const GTM_SCRIPT_HOSTS = ['https://www.googletagmanager.com'];
const GTM_CONNECT_HOSTS = ['https://www.google-analytics.com', 'https://*.google-analytics.com'];

/**
 * The origin map tiles come from, when it is not already allowed by `https:` (a plain-HTTP tile server on
 * a private network, say). Tile hosts use `{s}` sub-domain placeholders: allow every sub-domain then.
 */
export function mapTileSource(tileUrl: string | undefined): string | null {
  if (!tileUrl) return null;
  try {
    const url = new URL(tileUrl.replace(/\{s\}\./, 'tiles.').replace(/\{[^}]+\}/g, '0'));
    if (url.protocol === 'https:') return null;
    const host = tileUrl.includes('{s}.') ? `*.${url.host.replace(/^tiles\./, '')}` : url.host;
    return `${url.protocol}//${host}`;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(options: {
  nonce: string;
  gtm: boolean;
  development: boolean;
  mapTileUrl?: string;
}): string {
  const tiles = mapTileSource(options.mapTileUrl);
  const script = ["'self'", `'nonce-${options.nonce}'`, ...(options.gtm ? GTM_SCRIPT_HOSTS : [])];
  const connect = ["'self'", ...(options.gtm ? GTM_CONNECT_HOSTS : [])];
  // Vite's dev server talks to the page over a websocket for hot reload.
  if (options.development) connect.push('ws:', 'wss:');
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    // Radix positions popovers with inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${tiles ? ` ${tiles}` : ''}`,
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(options: {
  nonce: string;
  gtm: boolean;
  development: boolean;
  https: boolean;
  mapTileUrl?: string;
}) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
