import { useEffect } from 'react';
import { useTranslation } from '~/platform/translation';
import { Links, Meta, Outlet, Scripts, useMatches, type LinksFunction } from 'react-router';
import { DEFAULT_LOCALE, isLocale } from '#contract/locale';
import type { TLoadContext } from '#contract/load-context';
import type { Route } from './+types/root';
import './app.css';
import { ConsentBanner } from './features/consent/consent-banner';
import { CONSENT_KEY, consentFromCookieHeader } from './features/consent/consent-machine';
import { RouteErrorPage } from './features/errors/route-error-page';
import { DefaultShell } from './layouts/default-shell';
import { analyticsBootScript } from './platform/analytics';
import { brandThemeCss } from './platform/brand-theme';
import { chunkReloadBootScript } from './platform/chunk-reload';
import { switchLanguage } from './platform/i18n-browser';
import { I18nCatalogs } from './platform/i18n-catalogs';
import { useNonce } from './platform/nonce';
import { PageBehaviours } from './platform/page-behaviours';
import { useRootData, type RootData } from './platform/root-data';
import { SessionWatch } from './platform/session-watch';
import { Toaster } from './ui/toaster';

/** The last element of the body: the first paint waits until it is parsed (the `expect` link in the head). */
const PAGE_END_ID = 'page-end';

// Declared in the root module, which every page reaches, so the augmentation always applies.
declare module 'react-router' {
  // React Router's extension point for the context our server passes to loaders and actions.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends TLoadContext {}
}

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/** The global state of seed section 3: spaceId, subdomain, subdomainDetails, baseUrl, user; plus the locale. */
export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const { tenant, viewer, config, locale } = context;
  return {
    locale,
    spaceId: tenant?.details.spaceId ?? '',
    subdomain: tenant?.subdomain ?? null,
    subdomainDetails: tenant?.details ?? null,
    baseUrl: config.baseUrl,
    user: viewer,
    config,
    consent: consentFromCookieHeader(request.headers.get('cookie')),
  };
}

/**
 * A page shown on a kiosk (a room's door display, `handle.kiosk`): it sets no cookie and loads no analytics,
 * so it has no consent banner and no tag manager (decision 035).
 */
function useKiosk(): boolean {
  return useMatches().some((match) => (match.handle as { kiosk?: boolean } | undefined)?.kiosk === true);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const kiosk = useKiosk();
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const brandCss = brandThemeCss(data?.subdomainDetails?.color);
  const gtmContainerId = kiosk ? undefined : data?.config.gtmContainerId;
  return (
    <html lang={locale} data-kiosk={kiosk ? '' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First in the head: catches a failing module script of this very page (app/platform/chunk-reload.ts). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: chunkReloadBootScript() }}
        />
        {gtmContainerId ? (
          // Consent defaults, then the tag manager (app/platform/analytics.ts); nothing without a container.
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: analyticsBootScript(gtmContainerId, CONSENT_KEY) }}
          />
        ) : null}
        <meta name="theme-color" content={data?.subdomainDetails?.color ?? '#4f46e5'} />
        <Meta />
        <Links nonce={nonce} />
        {/* Chromium paints a slow device's half-parsed page, then moves what later siblings push aside (a
            grid's last column, the header's row, the cookie banner's text): no first paint before the body's
            end is parsed. The page arrives whole from the server, so this waits for parsing, not the network. */}
        <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
        {brandCss ? (
          <style nonce={nonce} id="brand-theme" dangerouslySetInnerHTML={{ __html: brandCss }} />
        ) : null}
      </head>
      <body className="bg-surface min-h-screen font-sans antialiased">
        {/* Before the page: while open, the banner is the first Tab stop, a choice to make first. */}
        {kiosk ? null : <ConsentBanner />}
        {children}
        <PageBehaviours />
        <I18nCatalogs />
        <div id={PAGE_END_ID} hidden />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Keeps the browser's translator on the language the server chose (after a switch, say). */
function useLocaleSync(locale: string | undefined) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (isLocale(locale) && i18n.language !== locale) void switchLanguage(locale);
  }, [i18n, locale]);
}

/** Marks the document once React has attached: browser tests wait for it before clicking. */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export default function App() {
  const data = useRootData();
  useLocaleSync(data?.locale);
  useHydratedMark();
  return (
    <>
      <Outlet />
      <Toaster />
      <SessionWatch />
    </>
  );
}

/**
 * Errors the default layout cannot catch (the root loader's, the auth pages'). Pages of the default layout
 * have their own boundary there, so an error there does not re-mount the whole document.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useHydratedMark();
  return (
    <DefaultShell>
      <RouteErrorPage error={error} />
    </DefaultShell>
  );
}
