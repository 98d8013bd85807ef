import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import type { Route } from './+types/co2';
import { Co2Page } from '~/features/co2/co2-page';
import { evaluateCommuteForm, readCommuteQuery } from '~/features/co2/commute-form';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['co2'] };
await loadRouteNamespaces(handle);

/** The calculator's GET form lands here: the result is computed on the server, so it works without JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
  const { values, submitted } = readCommuteQuery(new URL(request.url).searchParams);
  return { values, submitted, outcome: evaluateCommuteForm(values) };
}

export const meta = pageMeta('co2:metaTitle', 'co2:metaDescription');

export default function Co2({ loaderData }: Route.ComponentProps) {
  return <Co2Page initial={loaderData} />;
}
