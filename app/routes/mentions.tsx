import type { Route } from './+types/mentions';
import { MentionsPage } from '~/features/content/mentions-page';
import { pageTitle } from '~/platform/meta';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:mentions.metaTitle', 'content:mentions.metaDescription');
}

export default function Mentions() {
  return <MentionsPage />;
}
