import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import type { Route } from './+types/about';
import { AboutPage } from '~/features/content/about-page';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:about.metaTitle', 'content:about.metaDescription');
}

export default function About() {
  return <AboutPage />;
}
