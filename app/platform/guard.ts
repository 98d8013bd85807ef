import { data, redirect } from 'react-router';
import type { TLoadContext, TViewer } from '#contract/load-context';
import { loginPathFor } from './auth-paths';

/**
 * Login-required routes call this first in their loader (and action): it returns the signed-in person or
 * sends a signed-out visitor to the login page, with a `redirect` back to this page.
 */
export function requireViewer({
  context,
  request,
}: {
  context: Pick<TLoadContext, 'viewer'>;
  request: Request;
}): TViewer {
  if (!context.viewer) throw redirect(loginPathFor(request));
  return context.viewer;
}

/**
 * Admin-only routes: a signed-out visitor goes to the login page; a signed-in person who is not a platform
 * admin gets the 404 page, as if the area did not exist (the callables refuse them anyway).
 */
export function requireAdmin(args: { context: Pick<TLoadContext, 'viewer'>; request: Request }): TViewer {
  const viewer = requireViewer(args);
  if (!viewer.isAdmin) throw data(null, { status: 404 });
  return viewer;
}
