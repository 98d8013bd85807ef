import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { PAGE_VIEW_DELAY_MS, pushPageView } from './analytics';
import { fetchServerBuildId, loadDocument, watchBuild } from './build-freshness';
import { focusPageHeading, keepFocusOffBody } from './focus';
import { createHttpClient } from './http-client';
import { useRootData } from './root-data';
import { ScrollManager } from './scroll-manager';

/** Set once the server runs a newer build than this page: the next navigation is then a full load. */
let newerBuildSeen = false;

function useBuildFreshness(buildId: string | undefined) {
  const navigation = useNavigation();
  // The build this page started with; the root loader's answer may change after a deployment.
  const startedWith = useRef(buildId);

  useEffect(() => {
    const current = startedWith.current;
    // In development Vite replaces modules in place; there is no deployment to notice.
    if (import.meta.env.DEV || !current) return;
    const http = createHttpClient({ baseUrl: '' });
    return watchBuild({
      currentBuildId: current,
      fetchBuildId: () => fetchServerBuildId((path) => http.getJson(path, { cache: 'no-store' })),
      onNewerBuild: () => {
        newerBuildSeen = true;
      },
    });
  }, []);

  useEffect(() => {
    if (buildId && startedWith.current && buildId !== startedWith.current) newerBuildSeen = true;
  }, [buildId]);

  useEffect(() => {
    if (!newerBuildSeen || navigation.state !== 'loading' || !navigation.location) return;
    // A form submission goes through as it is; the navigation after it will load the new build.
    if (navigation.formMethod && navigation.formMethod.toUpperCase() !== 'GET') return;
    const { pathname, search, hash } = navigation.location;
    loadDocument(`${pathname}${search}${hash}`);
  }, [navigation]);
}

/** A `page_view` in the data layer 100 ms after each navigation, when the tag manager is configured. */
function usePageViews(enabled: boolean) {
  const location = useLocation();
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => pushPageView(), PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, location.key]);
}

/**
 * After a client navigation to another page, focus moves to its heading: a screen reader announces the new
 * page, and the next Tab starts there. Within one page (a filter, a tab) focus stays on the control used,
 * and a control taken out of the page hands focus to the nearest one left, never to `<body>`.
 */
function useFocusAfterNavigation() {
  const { pathname } = useLocation();
  const shownPathname = useRef<string | null>(null);
  useEffect(() => {
    const previous = shownPathname.current;
    shownPathname.current = pathname;
    // The document's first page keeps the browser's own start (the skip link first).
    if (previous !== null && previous !== pathname) focusPageHeading();
  }, [pathname]);
  useEffect(() => keepFocusOffBody(), []);
}

/**
 * What happens around every navigation: scroll rules, focus, page views, build freshness. Mounted once in the
 * root.
 */
export function PageBehaviours() {
  const config = useRootData()?.config;
  useBuildFreshness(config?.buildId);
  usePageViews(Boolean(config?.gtmContainerId));
  useFocusAfterNavigation();
  return <ScrollManager />;
}
