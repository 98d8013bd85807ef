import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { PricingPage } from '~/features/content/pricing-page';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

export const meta = pageMeta('content:pricing.metaTitle', 'content:pricing.metaDescription');

export default PricingPage;
