import { Outlet } from 'react-router';
import { RouteErrorPage } from '~/features/errors/route-error-page';
import type { Route } from './+types/default';
import { DefaultShell } from './default-shell';

export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}

/** The 404 and error pages of this layout's pages, inside the same frame (the document stays mounted). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DefaultShell>
      <RouteErrorPage error={error} />
    </DefaultShell>
  );
}
