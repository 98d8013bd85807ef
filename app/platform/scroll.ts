/**
 * Scrolling after a navigation (seed section 2): to the hash target, smoothly, 64 px above it (room for the
 * header); back/forward to a page restores where the person was; otherwise smoothly to the top. Every scroll
 * waits 1000 ms, so the new page has rendered (images, data) before it moves.
 *
 * The wait must not show the new page at the old page's offset (the source app hid it behind a page
 * transition): another page is shown from its top from its first frame, and the seed's scroll moves from
 * there after the wait. Within one page (a filter, a tab, an in-page hash) nothing jumps first.
 */
export const SCROLL_DELAY_MS = 1000;
export const HASH_SCROLL_OFFSET_PX = 64;
/** Positions are kept per history entry in the tab's session storage, so they survive a reload. */
export const SCROLL_POSITIONS_KEY = 'escale-scroll-positions';
/** The most recent entries kept; older ones are dropped. */
export const MAX_SAVED_POSITIONS = 50;

export type NavigationKind = 'POP' | 'PUSH' | 'REPLACE';

export type ScrollPlan =
  { kind: 'restore'; top: number } | { kind: 'hash'; id: string } | { kind: 'top' } | { kind: 'none' };

/** What to do after a navigation; `initialLoad` is the document's first render, already at its place. */
export function planScroll(options: {
  navigationType: NavigationKind;
  hash: string;
  savedTop: number | undefined;
  initialLoad: boolean;
}): ScrollPlan {
  const { navigationType, hash, savedTop, initialLoad } = options;
  if (navigationType === 'POP' && savedTop !== undefined) return { kind: 'restore', top: savedTop };
  const id = hashTarget(hash);
  if (id) return { kind: 'hash', id };
  // A freshly loaded document is at the top already; scrolling it would only fight the person's own scroll.
  if (initialLoad) return { kind: 'none' };
  return { kind: 'top' };
}

/**
 * Whether the new location is another page, to show from its top at once: a new path, after the document's
 * first render (which the browser places itself).
 */
export function showsFromTop(previousPathname: string | null, pathname: string): boolean {
  return previousPathname !== null && previousPathname !== pathname;
}

function hashTarget(hash: string): string | null {
  if (!hash || hash === '#') return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

type ScrollWindow = Pick<Window, 'scrollTo' | 'scrollY' | 'matchMedia'> & {
  document: Pick<Document, 'getElementById'>;
};

/** Carries out a plan; smooth unless the person asked their system for reduced motion. */
export function performScroll(plan: ScrollPlan, win: ScrollWindow = window) {
  if (plan.kind === 'none') return;
  const reduced = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const smooth: ScrollBehavior = reduced ? 'instant' : 'smooth';
  if (plan.kind === 'restore') {
    win.scrollTo({ top: plan.top, behavior: 'instant' });
    return;
  }
  if (plan.kind === 'hash') {
    const target = win.document.getElementById(plan.id);
    if (target) {
      const top = target.getBoundingClientRect().top + win.scrollY - HASH_SCROLL_OFFSET_PX;
      win.scrollTo({ top: Math.max(0, top), behavior: smooth });
      return;
    }
  }
  win.scrollTo({ top: 0, behavior: smooth });
}

/** Saved scroll positions by history entry key. */
export function createPositionStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined) {
  const positions = new Map<string, number>();
  try {
    const raw = storage?.getItem(SCROLL_POSITIONS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') {
      for (const [key, top] of Object.entries(parsed)) {
        if (typeof top === 'number' && Number.isFinite(top)) positions.set(key, top);
      }
    }
  } catch {
    // Storage may be unavailable (private mode) or hold something else: start empty.
  }
  return {
    get: (key: string) => positions.get(key),
    set(key: string, top: number) {
      positions.delete(key);
      positions.set(key, top);
      while (positions.size > MAX_SAVED_POSITIONS) positions.delete(positions.keys().next().value as string);
    },
    persist() {
      try {
        storage?.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // Full or unavailable storage: positions only live in memory then.
      }
    },
  };
}
