import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUILD_CHECK_DELAY_MS,
  BUILD_CHECK_INTERVAL_MS,
  fetchServerBuildId,
  loadDocument,
  watchBuild,
} from './build-freshness';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watchBuild', () => {
  it('checks about 1 s after start, then hourly', async () => {
    expect(BUILD_CHECK_DELAY_MS).toBe(1000);
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
    const fetchBuildId = vi.fn(async () => 'build-1');
    const stop = watchBuild({ currentBuildId: 'build-1', fetchBuildId, onNewerBuild: vi.fn() });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchBuildId).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBuildId).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 3);
    expect(fetchBuildId).toHaveBeenCalledTimes(2);
  });

  it('reports a newer build once and stops checking', async () => {
    const onNewerBuild = vi.fn();
    const fetchBuildId = vi.fn(async () => 'build-2');
    watchBuild({ currentBuildId: 'build-1', fetchBuildId, onNewerBuild });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_DELAY_MS + BUILD_CHECK_INTERVAL_MS * 2);
    expect(onNewerBuild).toHaveBeenCalledTimes(1);
    expect(onNewerBuild).toHaveBeenCalledWith('build-2');
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
  });

  it('keeps checking after a failed check', async () => {
    const onNewerBuild = vi.fn();
    const onCheckFailed = vi.fn();
    const fetchBuildId = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('build-2');
    watchBuild({ currentBuildId: 'build-1', fetchBuildId, onNewerBuild, onCheckFailed });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_DELAY_MS);
    expect(onCheckFailed).toHaveBeenCalledTimes(1);
    expect(onNewerBuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(onNewerBuild).toHaveBeenCalledWith('build-2');
  });
});

describe('fetchServerBuildId', () => {
  it('reads the build id of /api/build', async () => {
    const fetchJson = vi.fn(async () => ({ buildId: 'abc' }));
    expect(await fetchServerBuildId(fetchJson)).toBe('abc');
    expect(fetchJson).toHaveBeenCalledWith('/api/build');
  });

  it('rejects any other answer', async () => {
    await expect(fetchServerBuildId(async () => ({ id: 1 }))).rejects.toThrow();
  });
});

describe('loadDocument', () => {
  function fakeWindow(pathname: string) {
    return { location: { pathname, search: '', hash: '', assign: vi.fn(), reload: vi.fn() } };
  }

  it('loads the target of a link as a new document', () => {
    const win = fakeWindow('/');
    loadDocument('/spaces/all?page=2', win as unknown as Window);
    expect(win.location.assign).toHaveBeenCalledWith('/spaces/all?page=2');
  });

  it('reloads when the address bar already shows the target (back/forward)', () => {
    const win = fakeWindow('/spaces/all');
    loadDocument('/spaces/all', win as unknown as Window);
    expect(win.location.reload).toHaveBeenCalled();
    expect(win.location.assign).not.toHaveBeenCalled();
  });
});
