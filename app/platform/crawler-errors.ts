import { isRouteErrorResponse } from 'react-router';
import { logPageEvent } from './page-log';

/**
 * Seed section 8: for crawler user agents the error page is not rendered; the error is only logged and a
 * minimal answer carries the status, so a search engine indexes nothing of it.
 */
export function minimalErrorResponse(options: {
  request: Request;
  status: number;
  errors: Record<string, unknown>;
  headers: Headers;
  requestId: string;
}): Response {
  const { request, status, errors, requestId } = options;
  const error = Object.values(errors)[0];
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : error;
  logPageEvent(status >= 500 ? 'error' : 'warn', 'page error for a crawler: minimal answer sent', {
    requestId,
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
