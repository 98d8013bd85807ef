import { data } from 'react-router';

/**
 * A route's validation step (seed section 8): when `condition` does not hold, the route fails with a fatal
 * error response, 404 unless told otherwise, and the root error boundary shows the 404 / error page.
 *
 *   export async function loader({ params }) {
 *     invariantRoute(ZUuid.safeParse(params.id).success);
 *     …
 *   }
 */
export function invariantRoute(condition: unknown, status = 404, message?: string): asserts condition {
  if (!condition) throw data(message ?? null, { status });
}
