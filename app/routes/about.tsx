import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { AboutPage } from '~/features/content/about-page';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

export const meta = pageMeta('content:about.metaTitle', 'content:about.metaDescription');

export default AboutPage;
