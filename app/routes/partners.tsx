import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import type { Route } from './+types/partners';
import { PartnersPage } from '~/features/content/partners-page';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:partners.metaTitle', 'content:partners.metaDescription');
}

export default function Partners() {
  return <PartnersPage />;
}
