import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { MentionsPage } from '~/features/content/mentions-page';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

export const meta = pageMeta('content:mentions.metaTitle', 'content:mentions.metaDescription');

export default MentionsPage;
