import type { Route } from './+types/pricing';
import { PricingPage } from '~/features/content/pricing-page';
import { pageTitle } from '~/platform/meta';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:pricing.metaTitle', 'content:pricing.metaDescription');
}

export default function Pricing() {
  return <PricingPage />;
}
