import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { TermsPage } from '~/features/content/terms-page';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

export const meta = pageMeta('content:terms.metaTitle', 'content:terms.metaDescription');

export default TermsPage;
