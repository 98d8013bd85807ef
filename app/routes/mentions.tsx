import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import type { Route } from './+types/mentions';
import { MentionsPage } from '~/features/content/mentions-page';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:mentions.metaTitle', 'content:mentions.metaDescription');
}

export default function Mentions() {
  return <MentionsPage />;
}
