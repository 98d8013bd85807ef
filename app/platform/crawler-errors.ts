import { isRouteErrorResponse } from 'react-router';
import type { TPageLog } from '#contract/load-context';

/**
 * Seed section 8: for crawler user agents the error page is not rendered; the error is only logged and a
 * minimal answer carries the status, so a search engine indexes nothing of it.
 */
export function minimalErrorResponse(options: {
  request: Request;
  status: number;
  errors: Record<string, unknown>;
  headers: Headers;
  log: TPageLog;
}): Response {
  const { request, status, errors, log } = options;
  const error = Object.values(errors)[0];
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : error;
  log[status >= 500 ? 'error' : 'warn']('page error for a crawler: minimal answer sent', {
    method: request.method,
    path: new URL(request.url).pathname,
    status,
    userAgent: request.headers.get('user-agent'),
    error: detail,
  });
  const headers = new Headers(options.headers);
  headers.set('Content-Type', 'text/plain; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  return new Response(`Error ${status}`, { status, headers });
}
