import type { MiddlewareHandler } from 'hono';
import { AppError } from '#contract/errors';
import type { Config } from './config';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a browser request comes from one of our own pages: the configured public origin, the origin the
 * request itself was addressed to, or a space's subdomain under the root domain (same scheme).
 */
export function isOwnOrigin(
  origin: string,
  requestUrl: string,
  config: Pick<Config, 'baseUrl' | 'rootDomain'>,
) {
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false; // `null` (sandboxed frames, some redirects) or garbage
  }
  const base = new URL(config.baseUrl);
  if (from.origin === base.origin || from.origin === new URL(requestUrl).origin) return true;
  const host = from.hostname.toLowerCase();
  return (
    from.protocol === base.protocol &&
    from.port === base.port &&
    host.endsWith(`.${config.rootDomain.toLowerCase()}`)
  );
}

/**
 * Refuses a mutating request another site's page made (cross-site request forgery): the browser names the
 * page's origin in `Origin`; without it, `Sec-Fetch-Site` still tells a cross-site request. Clients that
 * are not browsers send neither and authenticate with a bearer token, which a foreign page cannot use.
 */
export function refuseCrossOriginMutations(
  config: Pick<Config, 'baseUrl' | 'rootDomain'>,
): MiddlewareHandler {
  return async (c, next) => {
    if (!MUTATING.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const crossSite = origin
      ? !isOwnOrigin(origin, c.req.url, config)
      : c.req.header('sec-fetch-site') === 'cross-site';
    if (crossSite) {
      const error = new AppError('permission-denied', 'Cross-origin request refused');
      return c.json(error.toBody(), 403);
    }
    return next();
  };
}
