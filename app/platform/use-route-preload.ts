import { useCallback, useContext, useEffect, useRef } from 'react';
import {
  matchRoutes,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  useResolvedPath,
  type To,
} from 'react-router';
import { preloadQueue, PRELOAD_INTENT_DELAY_MS } from './route-preload';

export type PreloadMode = 'intent' | 'viewport' | 'none';

/**
 * Props for a link (`<Link {...useRoutePreload(to)}>`) that preload the target route's modules through the
 * shared queue (at most 4 at once), on intent or when the link enters the viewport. Routes React Router has
 * not discovered yet, and modules already loaded, are skipped.
 */
export function useRoutePreload(to: To, mode: PreloadMode = 'intent') {
  const dataRouter = useContext(DataRouterContext);
  const framework = useContext(FrameworkContext);
  const { pathname } = useResolvedPath(to);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const element = useRef<HTMLAnchorElement | null>(null);

  const preload = useCallback(() => {
    if (!dataRouter || !framework) return;
    const matches = matchRoutes(dataRouter.router.routes, pathname) ?? [];
    const urls = matches.flatMap(({ route }) => {
      const entry = route.id ? framework.manifest.routes[route.id] : undefined;
      if (!entry || (route.id as string) in framework.routeModules) return [];
      return [entry.module, ...(entry.imports ?? [])];
    });
    preloadQueue().enqueue(urls);
  }, [dataRouter, framework, pathname]);

  useEffect(() => {
    if (mode !== 'viewport' || !element.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        preload();
        observer.disconnect();
      }
    });
    observer.observe(element.current);
    return () => observer.disconnect();
  }, [mode, preload]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const start = useCallback(() => {
    if (mode !== 'intent') return;
    clearTimeout(timer.current);
    timer.current = setTimeout(preload, PRELOAD_INTENT_DELAY_MS);
  }, [mode, preload]);
  const cancel = useCallback(() => clearTimeout(timer.current), []);

  return {
    ref: element,
    onPointerEnter: start,
    onPointerLeave: cancel,
    onFocus: start,
    onBlur: cancel,
    // A touch is intent enough: the tap follows at once.
    onTouchStart: mode === 'intent' ? preload : undefined,
  };
}
