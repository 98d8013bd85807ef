import { describe, expect, it } from 'vitest';
import { createPreloadQueue, MAX_CONCURRENT_PRELOADS } from './route-preload';

/** A loader whose loads finish when the test says so. */
function controlledLoader() {
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const started: string[] = [];
  const load = (url: string) =>
    new Promise<void>((resolve, reject) => {
      started.push(url);
      pending.set(url, { resolve, reject });
    });
  return { load, started, pending };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the preload queue', () => {
  it('runs at most 4 preloads at once (seed section 9)', async () => {
    expect(MAX_CONCURRENT_PRELOADS).toBe(4);
    const loader = controlledLoader();
    const queue = createPreloadQueue(loader.load);
    queue.enqueue(['/a.js', '/b.js', '/c.js', '/d.js', '/e.js', '/f.js']);
    expect(loader.started).toEqual(['/a.js', '/b.js', '/c.js', '/d.js']);
    expect(queue.stats()).toEqual({ inFlight: 4, waiting: 2, loaded: 0 });

    loader.pending.get('/b.js')?.resolve();
    await tick();
    expect(loader.started).toEqual(['/a.js', '/b.js', '/c.js', '/d.js', '/e.js']);
    expect(queue.stats().inFlight).toBe(4);
  });

  it('never loads one module twice', async () => {
    const loader = controlledLoader();
    const queue = createPreloadQueue(loader.load);
    queue.enqueue(['/a.js', '/a.js']);
    queue.enqueue(['/a.js']);
    loader.pending.get('/a.js')?.resolve();
    await tick();
    queue.enqueue(['/a.js']);
    expect(loader.started).toEqual(['/a.js']);
  });

  it('frees the slot of a failed preload and lets a later intent try again', async () => {
    const loader = controlledLoader();
    const queue = createPreloadQueue(loader.load, 1);
    queue.enqueue(['/a.js', '/b.js']);
    loader.pending.get('/a.js')?.reject(new Error('offline'));
    await tick();
    expect(loader.started).toEqual(['/a.js', '/b.js']);
    loader.pending.get('/b.js')?.resolve();
    await tick();
    queue.enqueue(['/a.js']);
    expect(loader.started).toEqual(['/a.js', '/b.js', '/a.js']);
  });
});
