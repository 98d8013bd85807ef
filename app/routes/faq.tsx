import type { Route } from './+types/faq';
import { FaqPage } from '~/features/content/faq-page';
import { pageTitle } from '~/platform/meta';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:faq.metaTitle', 'content:faq.metaDescription');
}

export default function Faq() {
  return <FaqPage />;
}
