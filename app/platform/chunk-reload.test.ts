import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  chunkReloadBootScript,
  installChunkReloadGuard,
  type GuardWindow,
} from './chunk-reload';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

/** A window with the guard's few needs; events are dispatched by hand. */
function fakeWindow(pathname = '/spaces/all', storage = memoryStorage()) {
  const listeners = new Map<string, Array<(event: Event) => void>>();
  const win = {
    location: { pathname, origin: 'https://escale.fr', reload: vi.fn() },
    sessionStorage: storage,
    addEventListener: (type: string, listener: (event: Event) => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    dispatch(type: string, event: Record<string, unknown>) {
      for (const listener of listeners.get(type) ?? []) listener(event as unknown as Event);
    },
  };
  return win as typeof win & GuardWindow;
}

const install = (win: GuardWindow) =>
  installChunkReloadGuard(win, CHUNK_RELOAD_STORAGE_KEY, CHUNK_RELOAD_WINDOW_MS);

describe('the reload guard', () => {
  it('waits 10 seconds between reloads of one path (seed section 8)', () => {
    expect(CHUNK_RELOAD_WINDOW_MS).toBe(10_000);
  });

  it('allows one reload per path in 10 seconds', () => {
    const guard = install(fakeWindow());
    expect(guard.claim('/a', 1_000)).toBe(true);
    expect(guard.claim('/a', 1_001)).toBe(false);
    expect(guard.claim('/a', 10_999)).toBe(false);
    expect(guard.claim('/a', 11_000)).toBe(true);
  });

  it('counts each path on its own', () => {
    const guard = install(fakeWindow());
    expect(guard.claim('/a', 1_000)).toBe(true);
    expect(guard.claim('/b', 1_000)).toBe(true);
    expect(guard.claim('/a', 2_000)).toBe(false);
  });

  it('remembers across page loads through session storage', () => {
    const storage = memoryStorage();
    expect(install(fakeWindow('/a', storage)).claim('/a', 5_000)).toBe(true);
    expect(install(fakeWindow('/a', storage)).claim('/a', 6_000)).toBe(false);
    expect(JSON.parse(storage.items.get(CHUNK_RELOAD_STORAGE_KEY) ?? '{}')).toEqual({ '/a': 5_000 });
  });

  it('drops entries older than the window', () => {
    const storage = memoryStorage();
    const guard = install(fakeWindow('/a', storage));
    guard.claim('/old', 1_000);
    guard.claim('/new', 20_000);
    expect(Object.keys(JSON.parse(storage.items.get(CHUNK_RELOAD_STORAGE_KEY) ?? '{}'))).toEqual(['/new']);
  });

  it('starts afresh when the stored log is not JSON', () => {
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, '{oops');
    expect(install(fakeWindow('/a', storage)).claim('/a', 1)).toBe(true);
  });

  it('refuses to reload when it cannot remember (no storage), rather than risk a loop', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const win = fakeWindow('/a', storage as unknown as ReturnType<typeof memoryStorage>);
    expect(install(win).reloadOnce()).toBe(false);
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it.each([
    ['Failed to fetch dynamically imported module: https://escale.fr/assets/home-abc.js', true],
    ['error loading dynamically imported module', true],
    ['Importing a module script failed.', true],
    ['Unable to preload CSS for /assets/x.css', true],
    ['Cannot read properties of undefined', false],
  ])('recognises %j as a chunk-load error: %s', (message, expected) => {
    expect(install(fakeWindow()).isChunkLoadError(new TypeError(message))).toBe(expected);
  });
});

describe('the installed listeners', () => {
  it('reload once when a module script of the page fails, not again on the next failure', () => {
    const win = fakeWindow();
    install(win);
    const failedScript = { target: { tagName: 'SCRIPT', type: 'module', src: '' } };
    win.dispatch('error', failedScript);
    win.dispatch('error', failedScript);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('ignore a failing script of another origin (the tag manager) and ordinary errors', () => {
    const win = fakeWindow();
    install(win);
    win.dispatch('error', {
      target: { tagName: 'SCRIPT', type: 'module', src: 'https://www.googletagmanager.com/gtm.js' },
    });
    win.dispatch('error', { target: { tagName: 'SCRIPT', type: '', src: 'https://escale.fr/assets/a.js' } });
    win.dispatch('error', { target: win });
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it('reload on an uncaught failed dynamic import, and only for those', () => {
    const win = fakeWindow();
    install(win);
    win.dispatch('unhandledrejection', { reason: new Error('boom') });
    expect(win.location.reload).not.toHaveBeenCalled();
    win.dispatch('unhandledrejection', {
      reason: new TypeError('Failed to fetch dynamically imported module: /assets/x.js'),
    });
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it("take over Vite's preload error only when they reload", () => {
    const win = fakeWindow();
    install(win);
    const first = { preventDefault: vi.fn() };
    const second = { preventDefault: vi.fn() };
    win.dispatch('vite:preloadError', first);
    win.dispatch('vite:preloadError', second);
    expect(first.preventDefault).toHaveBeenCalled();
    // Within the window the error goes on to the error boundary.
    expect(second.preventDefault).not.toHaveBeenCalled();
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('expose the guard to the app', () => {
    const win = fakeWindow();
    const guard = install(win);
    expect(win.__escaleChunkReload).toBe(guard);
  });
});

describe('the head script', () => {
  it('installs the same guard when evaluated on its own', () => {
    const win = fakeWindow();
    new Function('window', chunkReloadBootScript())(win);
    expect(win.__escaleChunkReload?.claim('/x', 1)).toBe(true);
    expect(win.__escaleChunkReload?.claim('/x', 2)).toBe(false);
  });
});
