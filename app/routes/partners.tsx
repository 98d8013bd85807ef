import type { Route } from './+types/partners';
import { PartnersPage } from '~/features/content/partners-page';
import { pageTitle } from '~/platform/meta';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:partners.metaTitle', 'content:partners.metaDescription');
}

export default function Partners() {
  return <PartnersPage />;
}
