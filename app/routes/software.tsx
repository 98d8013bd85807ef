import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { SoftwarePage } from '~/features/content/software-page';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

export const meta = pageMeta('content:software.metaTitle', 'content:software.metaDescription');

export default SoftwarePage;
