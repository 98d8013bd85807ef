import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { data } from 'react-router';
import { isUuid } from '#contract/input';
import { listMyPlans } from '#contract/formulas';
import { BOOKING_REFUSALS, getReservation } from '#contract/reservations';
import type { Route } from './+types/result';
import { ResultPage, type ResultData } from './result-page';
import { pageTitle } from '~/platform/meta';
import { invariantRoute } from '~/platform/route-invariant';

export const handle: I18nHandle = { i18n: ['reservations', 'formulas', 'spaces'] };
await loadRouteNamespaces(handle);

/** Why a booking could not be made, as `/result?error=…` names it: a refusal or an error code. */
const FAILURES = new Set<string>([
  ...BOOKING_REFUSALS,
  'permission-denied',
  'not-found',
  'internal',
  'unknown',
]);

/**
 * The outcome of a booking. `?reservation=<id>`: its state (success, waiting for approval, or why it did
 * not happen), for its member. `?error=<reason>&room=<id>`: a booking that could not be made.
 * `?plan=<id>`: a formula just bought (active, or waiting for its payment), for its member.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<ResultData> {
  const url = new URL(request.url);
  const id = url.searchParams.get('reservation');
  if (id) {
    invariantRoute(isUuid(id));
    if (!context.viewer) return { kind: 'signin', redirect: `${url.pathname}${url.search}` };
    return { kind: 'reservation', reservation: await context.call(getReservation, { id }) };
  }
  const planId = url.searchParams.get('plan');
  if (planId) {
    invariantRoute(isUuid(planId));
    if (!context.viewer) return { kind: 'signin', redirect: `${url.pathname}${url.search}` };
    const plan = (await context.call(listMyPlans, {})).plans.find((candidate) => candidate.id === planId);
    if (!plan) throw data(null, { status: 404 });
    return { kind: 'purchase', plan };
  }
  const error = url.searchParams.get('error');
  if (error) {
    const room = url.searchParams.get('room');
    return {
      kind: 'failure',
      reason: FAILURES.has(error) ? error : 'unknown',
      roomId: isUuid(room) ? room : null,
    };
  }
  throw data(null, { status: 404 });
}

export function meta({ data: result, matches }: Route.MetaArgs) {
  const key =
    result?.kind === 'purchase'
      ? 'formulas:purchase.metaTitle'
      : result?.kind === 'reservation'
        ? `reservations:result.title.${result.reservation.status === 'cancelled' && result.reservation.cancelledBy === 'system' ? 'expired' : result.reservation.status}`
        : result?.kind === 'signin'
          ? 'reservations:result.title.signin'
          : 'reservations:result.title.failure';
  return [...pageTitle(matches, key), { name: 'robots', content: 'noindex' }];
}

export default function ResultRoute({ loaderData }: Route.ComponentProps) {
  return <ResultPage result={loaderData} />;
}
