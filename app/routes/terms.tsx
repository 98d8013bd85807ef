import type { Route } from './+types/terms';
import { TermsPage } from '~/features/content/terms-page';
import { pageTitle } from '~/platform/meta';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:terms.metaTitle', 'content:terms.metaDescription');
}

export default function Terms() {
  return <TermsPage />;
}
