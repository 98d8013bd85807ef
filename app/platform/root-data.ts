import { useRouteLoaderData } from 'react-router';
import type { TPublicConfig, TViewer } from '#contract/load-context';
import type { Locale } from '#contract/locale';
import type { TSubdomainDetails } from '#contract/tenancy';
import type { ConsentChoice } from './analytics';

/** The root loader's answer: the global state of seed section 3 (spaceId, subdomain, …, user) and the locale. */
export interface RootData {
  locale: Locale;
  spaceId: string;
  subdomain: string | null;
  subdomainDetails: TSubdomainDetails | null;
  baseUrl: string;
  user: TViewer | null;
  config: TPublicConfig;
  /** The cookie choice the request carried (app/features/consent): without one, the banner is rendered. */
  consent: ConsentChoice | null;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}
