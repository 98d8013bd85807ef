import type { Route } from './+types/software';
import { SoftwarePage } from '~/features/content/software-page';
import { pageTitle } from '~/platform/meta';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:software.metaTitle', 'content:software.metaDescription');
}

export default function Software() {
  return <SoftwarePage />;
}
