import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getFaq } from '#contract/site-content';
import type { Route } from './+types/faq';
import { FaqPage } from '~/features/content/faq-page';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

/** The questions admins wrote (/admin/faq), published ones, in the page's language. */
export async function loader({ context }: Route.LoaderArgs) {
  return { topics: await context.call(getFaq, { locale: context.locale }) };
}

export const meta = pageMeta('content:faq.metaTitle', 'content:faq.metaDescription');

export default function Faq({ loaderData }: Route.ComponentProps) {
  return <FaqPage topics={loaderData.topics} />;
}
