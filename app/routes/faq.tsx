import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import type { Route } from './+types/faq';
import { FaqPage } from '~/features/content/faq-page';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:faq.metaTitle', 'content:faq.metaDescription');
}

export default function Faq() {
  return <FaqPage />;
}
