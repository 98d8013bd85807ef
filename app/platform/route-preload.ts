/**
 * Route modules are preloaded when a link shows intent (hover, focus, touch) or enters the viewport, with at
 * most 4 preloads in flight at once (seed section 9); the rest wait their turn. React Router's own
 * `<Link prefetch>` cannot be limited (it renders `<link>` tags the browser fetches at once), so links use
 * `useRoutePreload` instead, which feeds this queue.
 */
export const MAX_CONCURRENT_PRELOADS = 4;
/** How long a pointer rests on a link before it counts as intent (a pass over it does not). */
export const PRELOAD_INTENT_DELAY_MS = 100;

export type Loader = (url: string) => Promise<void>;

export function createPreloadQueue(load: Loader, maxConcurrent = MAX_CONCURRENT_PRELOADS) {
  const loaded = new Set<string>();
  const inFlight = new Set<string>();
  const waiting: string[] = [];

  function pump() {
    while (inFlight.size < maxConcurrent && waiting.length > 0) {
      const url = waiting.shift() as string;
      inFlight.add(url);
      load(url).then(
        () => {
          inFlight.delete(url);
          loaded.add(url);
          pump();
        },
        () => {
          // A failed preload is not remembered: the navigation itself will try (and report) again.
          inFlight.delete(url);
          pump();
        },
      );
    }
  }

  return {
    enqueue(urls: readonly string[]) {
      for (const url of urls) {
        if (!loaded.has(url) && !inFlight.has(url) && !waiting.includes(url)) waiting.push(url);
      }
      pump();
    },
    stats: () => ({ inFlight: inFlight.size, waiting: waiting.length, loaded: loaded.size }),
  };
}

/** Fetches a module into the browser's module map without running it. */
export function modulePreload(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`preload failed: ${url}`));
    document.head.appendChild(link);
  });
}

let sharedQueue: ReturnType<typeof createPreloadQueue> | undefined;
export function preloadQueue() {
  sharedQueue ??= createPreloadQueue(modulePreload);
  return sharedQueue;
}
