import { useEffect } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { reloadIfChunkLoadError } from '~/platform/chunk-reload';
import { ErrorPage } from './error-page';

/**
 * What an error boundary shows for the error it caught: the 404 page, or the error page with the status
 * (500 for an unexpected error). A chunk that failed to load is first worth one reload, at most once per
 * 10 s per path (app/platform/chunk-reload.ts).
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    if (isRouteErrorResponse(error)) return;
    if (!reloadIfChunkLoadError(error)) console.error(error);
  }, [error]);
  return <ErrorPage status={status} />;
}
