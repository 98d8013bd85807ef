import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import type { Route } from './+types/terms';
import { TermsPage } from '~/features/content/terms-page';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:terms.metaTitle', 'content:terms.metaDescription');
}

export default function Terms() {
  return <TermsPage />;
}
