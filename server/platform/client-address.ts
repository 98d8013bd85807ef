import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's network address, for rate limits. From the socket; behind a reverse proxy (`TRUST_PROXY`),
 * the address the proxy appended last to `X-Forwarded-For` (earlier entries are the client's own claims).
 */
export function clientAddressOf(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // Not served by Node's HTTP server (`app.request` in tests): no address.
    return undefined;
  }
}
