import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';
import { createPositionStore, performScroll, planScroll, SCROLL_DELAY_MS, showsFromTop } from './scroll';

/** Keys that scroll the page: pressing one while a scroll is pending means the person took over. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

let store: ReturnType<typeof createPositionStore> | undefined;
/**
 * Whether this document has rendered a location yet. Module-wide, not per component: the manager can be
 * remounted (the root switches between the page and its error boundary) without the document reloading.
 */
let documentRendered = false;
/** The path this document shows now, null before its first render. */
let renderedPathname: string | null = null;
function positions() {
  store ??= createPositionStore(safeSessionStorage());
  return store;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function entryKey(location: Location): string {
  return `${location.key}:${location.pathname}${location.search}`;
}

/** A reload or a back/forward to this document: its saved position is the person's, not a stale one. */
function documentWasRestored(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/**
 * Replaces React Router's `<ScrollRestoration>`: remembers each page's position and applies the scroll rules
 * of `scroll.ts` after every navigation. Mounted once in the root layout.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // The history entry whose position the scroll listener records; null while a scroll is pending.
  const recording = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (recording.current) positions().set(recording.current, window.scrollY);
      });
    };
    const onPageHide = () => positions().persist();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  // A layout effect: recording stops before the browser can report the new page's clamped position.
  useLayoutEffect(() => {
    const key = entryKey(location);
    const first = !documentRendered;
    documentRendered = true;
    recording.current = null;
    // Before the browser paints the new page: it never shows at the old page's offset, even for a frame.
    if (showsFromTop(renderedPathname, location.pathname)) window.scrollTo({ top: 0, behavior: 'instant' });
    renderedPathname = location.pathname;
    const plan = planScroll({
      navigationType,
      hash: location.hash,
      savedTop: first && !documentWasRestored() ? undefined : positions().get(key),
      initialLoad: first,
    });

    const settle = () => {
      window.clearTimeout(timer);
      removeTakeOverListeners();
      recording.current = key;
      positions().set(key, window.scrollY);
    };
    const timer = window.setTimeout(() => {
      performScroll(plan);
      settle();
    }, SCROLL_DELAY_MS);
    // The person scrolls during the wait: their scroll wins, the pending one is dropped.
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) settle();
    };
    window.addEventListener('wheel', settle, { passive: true });
    window.addEventListener('touchmove', settle, { passive: true });
    window.addEventListener('keydown', onKey);
    function removeTakeOverListeners() {
      window.removeEventListener('wheel', settle);
      window.removeEventListener('touchmove', settle);
      window.removeEventListener('keydown', onKey);
    }
    return () => {
      window.clearTimeout(timer);
      removeTakeOverListeners();
    };
    // Only a new history entry (its key) is a navigation; re-renders of the same one are not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
