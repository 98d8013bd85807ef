/**
 * Seed section 8: a chunk-load error (a script of an older deployment that is gone, a network hiccup)
 * reloads the page, at most once per 10 seconds per path, so a chunk that keeps failing cannot loop.
 *
 * The guard is installed by an inline script in the head, before any module loads: a failure of the
 * page's own module scripts (which would leave it without JavaScript) is caught too. React code reaches
 * the same guard through `window.__escaleChunkReload` (the error boundary uses it).
 */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'escale-chunk-reloads';

export interface ChunkReloadGuard {
  /** Records a reload of `path` at `now` and says yes, unless one was recorded less than the window ago. */
  claim(path: string, now: number): boolean;
  isChunkLoadError(reason: unknown): boolean;
  /** Reloads the page when the guard allows it; false when it does not (the error should then show). */
  reloadOnce(): boolean;
}

declare global {
  interface Window {
    __escaleChunkReload?: ChunkReloadGuard;
  }
}

export type GuardWindow = Pick<Window, 'addEventListener'> & {
  location: Pick<Location, 'pathname' | 'reload' | 'origin'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  __escaleChunkReload?: ChunkReloadGuard;
};

/**
 * Serialised into the head (see `chunkReloadBootScript`), so it must not refer to anything outside itself.
 * Timestamps live in session storage: they survive the reload, and stay per tab.
 */
export function installChunkReloadGuard(
  win: GuardWindow,
  storageKey: string,
  windowMs: number,
): ChunkReloadGuard {
  function readLog(): Record<string, number> {
    try {
      const parsed = JSON.parse(win.sessionStorage.getItem(storageKey) || '{}');
      return parsed && typeof parsed === 'object' ? parsed : {};
    } catch {
      return {};
    }
  }

  function claim(path: string, now: number): boolean {
    const log = readLog();
    const last = log[path];
    if (typeof last === 'number' && now - last >= 0 && now - last < windowMs) return false;
    // Entries older than the window no longer matter: drop them so the log stays small.
    for (const key of Object.keys(log)) {
      const at = log[key];
      if (typeof at !== 'number' || now - at >= windowMs) delete log[key];
    }
    log[path] = now;
    try {
      win.sessionStorage.setItem(storageKey, JSON.stringify(log));
    } catch {
      // Without storage the guard cannot remember: refuse rather than risk a loop.
      return false;
    }
    return true;
  }

  function isChunkLoadError(reason: unknown): boolean {
    const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
    return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i.test(
      message,
    );
  }

  function reloadOnce(): boolean {
    if (!claim(win.location.pathname, Date.now())) return false;
    win.location.reload();
    return true;
  }

  // A module script of the page failed to load (the entry, or the inline one importing the route modules).
  win.addEventListener(
    'error',
    (event: Event) => {
      const target = event.target as { tagName?: string; type?: string; src?: string } | null;
      if (!target || target.tagName !== 'SCRIPT' || target.type !== 'module') return;
      if (target.src && !target.src.startsWith(`${win.location.origin}/`)) return;
      reloadOnce();
    },
    true,
  );
  // A dynamic import nobody caught.
  win.addEventListener('unhandledrejection', (event: Event) => {
    if (isChunkLoadError((event as PromiseRejectionEvent).reason)) reloadOnce();
  });
  // Vite's preload helper failed to load a dependency of a dynamic import.
  win.addEventListener('vite:preloadError', (event: Event) => {
    if (reloadOnce()) event.preventDefault();
  });

  const guard = { claim, isChunkLoadError, reloadOnce };
  win.__escaleChunkReload = guard;
  return guard;
}

export function chunkReloadBootScript(): string {
  const args = [JSON.stringify(CHUNK_RELOAD_STORAGE_KEY), CHUNK_RELOAD_WINDOW_MS];
  return `(${installChunkReloadGuard.toString()})(window,${args.join(',')});`;
}

/** For the error boundary: a chunk-load error reloads (once per window); true when the page is reloading. */
export function reloadIfChunkLoadError(error: unknown): boolean {
  const guard = typeof window === 'undefined' ? undefined : window.__escaleChunkReload;
  return Boolean(guard?.isChunkLoadError(error) && guard.reloadOnce());
}
