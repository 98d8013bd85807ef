import { describe, expect, it, vi } from 'vitest';
import {
  createPositionStore,
  HASH_SCROLL_OFFSET_PX,
  MAX_SAVED_POSITIONS,
  performScroll,
  planScroll,
  SCROLL_DELAY_MS,
  SCROLL_POSITIONS_KEY,
  showsFromTop,
} from './scroll';

describe('scroll constants (seed section 2)', () => {
  it('waits 1000 ms and keeps 64 px above a hash target', () => {
    expect(SCROLL_DELAY_MS).toBe(1000);
    expect(HASH_SCROLL_OFFSET_PX).toBe(64);
  });
});

describe('planScroll', () => {
  const base = { hash: '', savedTop: undefined, initialLoad: false } as const;

  it('restores the saved position on back/forward', () => {
    expect(planScroll({ ...base, navigationType: 'POP', savedTop: 480 })).toEqual({
      kind: 'restore',
      top: 480,
    });
  });

  it('restores before going to a hash on back/forward', () => {
    expect(planScroll({ ...base, navigationType: 'POP', hash: '#rooms', savedTop: 0 })).toEqual({
      kind: 'restore',
      top: 0,
    });
  });

  it('goes to the hash target on a link', () => {
    expect(planScroll({ ...base, navigationType: 'PUSH', hash: '#rooms' })).toEqual({
      kind: 'hash',
      id: 'rooms',
    });
  });

  it('decodes the hash', () => {
    expect(planScroll({ ...base, navigationType: 'PUSH', hash: '#salle%20A' })).toEqual({
      kind: 'hash',
      id: 'salle A',
    });
  });

  it('goes to the top otherwise, even when a position was saved for a pushed entry', () => {
    expect(planScroll({ ...base, navigationType: 'PUSH', savedTop: 300 })).toEqual({ kind: 'top' });
    expect(planScroll({ ...base, navigationType: 'REPLACE', hash: '#' })).toEqual({ kind: 'top' });
    expect(planScroll({ ...base, navigationType: 'POP' })).toEqual({ kind: 'top' });
  });

  it('leaves a freshly loaded document where it is, unless it has a hash', () => {
    expect(planScroll({ ...base, navigationType: 'POP', initialLoad: true })).toEqual({ kind: 'none' });
    expect(planScroll({ ...base, navigationType: 'POP', initialLoad: true, hash: '#faq' })).toEqual({
      kind: 'hash',
      id: 'faq',
    });
  });
});

describe('showsFromTop', () => {
  it('shows another page from its top at once', () => {
    expect(showsFromTop('/faq', '/')).toBe(true);
  });

  it('leaves the same page where it is (a filter, a tab, an in-page hash)', () => {
    expect(showsFromTop('/search', '/search')).toBe(false);
  });

  it('leaves the document’s first page where the browser put it', () => {
    expect(showsFromTop(null, '/')).toBe(false);
  });
});

describe('performScroll', () => {
  function fakeWindow(options: {
    reducedMotion?: boolean;
    target?: { top: number } | null;
    scrollY?: number;
  }) {
    return {
      scrollY: options.scrollY ?? 0,
      scrollTo: vi.fn(),
      matchMedia: () => ({ matches: options.reducedMotion ?? false }),
      document: {
        getElementById: () =>
          options.target ? { getBoundingClientRect: () => ({ top: options.target?.top ?? 0 }) } : null,
      },
    };
  }

  it('scrolls smoothly to 64 px above the hash target', () => {
    const win = fakeWindow({ target: { top: 500 }, scrollY: 100 });
    performScroll({ kind: 'hash', id: 'rooms' }, win as unknown as Window);
    expect(win.scrollTo).toHaveBeenCalledWith({ top: 536, behavior: 'smooth' });
  });

  it('scrolls smoothly to the top when the hash names nothing', () => {
    const win = fakeWindow({ target: null });
    performScroll({ kind: 'hash', id: 'missing' }, win as unknown as Window);
    expect(win.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('restores a position at once', () => {
    const win = fakeWindow({});
    performScroll({ kind: 'restore', top: 480 }, win as unknown as Window);
    expect(win.scrollTo).toHaveBeenCalledWith({ top: 480, behavior: 'instant' });
  });

  it('does not animate for people who asked for reduced motion', () => {
    const win = fakeWindow({ reducedMotion: true });
    performScroll({ kind: 'top' }, win as unknown as Window);
    expect(win.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
  });

  it('does nothing for a plan of none', () => {
    const win = fakeWindow({});
    performScroll({ kind: 'none' }, win as unknown as Window);
    expect(win.scrollTo).not.toHaveBeenCalled();
  });
});

describe('createPositionStore', () => {
  function memoryStorage(initial: Record<string, string> = {}) {
    const items = new Map(Object.entries(initial));
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, v: string) => void items.set(key, v),
      items,
    };
  }

  it('keeps positions across page loads through session storage', () => {
    const storage = memoryStorage();
    const store = createPositionStore(storage);
    store.set('k1:/a', 120);
    store.persist();
    expect(createPositionStore(storage).get('k1:/a')).toBe(120);
  });

  it('keeps only the most recent entries', () => {
    const store = createPositionStore(memoryStorage());
    for (let i = 0; i <= MAX_SAVED_POSITIONS; i++) store.set(`k${i}`, i);
    expect(store.get('k0')).toBeUndefined();
    expect(store.get(`k${MAX_SAVED_POSITIONS}`)).toBe(MAX_SAVED_POSITIONS);
  });

  it('starts empty from unreadable storage', () => {
    const store = createPositionStore(memoryStorage({ [SCROLL_POSITIONS_KEY]: '{bad' }));
    expect(store.get('x')).toBeUndefined();
  });
});
