import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import type { Route } from './+types/pricing';
import { PricingPage } from '~/features/content/pricing-page';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:pricing.metaTitle', 'content:pricing.metaDescription');
}

export default function Pricing() {
  return <PricingPage />;
}
