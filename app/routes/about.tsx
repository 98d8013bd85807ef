import type { Route } from './+types/about';
import { AboutPage } from '~/features/content/about-page';
import { pageTitle } from '~/platform/meta';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'content:about.metaTitle', 'content:about.metaDescription');
}

export default function About() {
  return <AboutPage />;
}
