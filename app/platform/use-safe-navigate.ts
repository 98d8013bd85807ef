import { useCallback } from 'react';
import { useTranslation } from '~/platform/translation';
import { createPath, useNavigate, type NavigateOptions, type Path } from 'react-router';
import { toast } from '~/ui/toast-store';
import { useRootData } from './root-data';
import { checkNavigationTarget } from './safe-navigation';

/**
 * The only way app code navigates programmatically. Every target passes `checkNavigationTarget`: a refused
 * one is logged and shown as a toast, nothing else happens; an allowed external one (a host of
 * `ALLOWED_EXTERNAL_HOSTS`, or a space's subdomain) is a full page load; the rest is React Router's
 * client-side navigation, awaited (a form stays busy until the next page shows). Resolves to whether the
 * navigation went ahead.
 */
export function useSafeNavigate() {
  const navigate = useNavigate();
  const config = useRootData()?.config;
  const { t } = useTranslation('platform');
  const allowedExternalHosts = config?.allowedExternalHosts;
  const rootDomain = config?.rootDomain;

  return useCallback(
    async (to: string | Partial<Path>, options?: NavigateOptions): Promise<boolean> => {
      const target = typeof to === 'string' ? to : createPath(to);
      const verdict = checkNavigationTarget(target, {
        origin: window.location.origin,
        allowedExternalHosts: allowedExternalHosts ?? [],
        siteDomain: rootDomain,
      });
      if (!verdict.ok) {
        console.warn('navigation refused', { target, reason: verdict.reason });
        toast({ title: t('navigation.refused'), description: t('navigation.refusedText'), color: 'error' });
        return false;
      }
      if (verdict.external) {
        if (options?.replace) window.location.replace(verdict.url);
        else window.location.assign(verdict.url);
        return true;
      }
      await navigate(verdict.url, options);
      return true;
    },
    [navigate, allowedExternalHosts, rootDomain, t],
  );
}
