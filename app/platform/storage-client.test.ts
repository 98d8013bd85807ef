import { describe, expect, it } from 'vitest';
import { OPERATION_RETRY_LIMIT_MS, StorageError, UPLOAD_RETRY_LIMIT_MS } from '#contract/storage';
import { retryUntil, storageErrorOf } from './storage-client';

/** A clock the test moves: sleeping advances it instantly. */
function fakeClock() {
  let time = 0;
  const sleeps: number[] = [];
  return {
    now: () => time,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      time += ms;
    },
    sleeps,
  };
}

const outage = () => new StorageError('storage/unknown', 'down');

describe('retryUntil', () => {
  it('retries with growing delays and succeeds when the service is back', async () => {
    const clock = fakeClock();
    let calls = 0;
    const result = await retryUntil(
      {
        run: async () => {
          calls += 1;
          if (calls < 4) throw outage();
          return 'done';
        },
        retryable: () => true,
      },
      OPERATION_RETRY_LIMIT_MS,
      clock,
    );
    expect(result).toBe('done');
    expect(clock.sleeps).toEqual([1000, 2000, 4000]);
  });

  it('gives up with storage/retry-limit-exceeded once the operation limit (120 000 ms) would pass', async () => {
    const clock = fakeClock();
    const failure = await retryUntil(
      { run: () => Promise.reject(outage()), retryable: () => true },
      OPERATION_RETRY_LIMIT_MS,
      clock,
    ).catch((error: unknown) => error);
    expect((failure as StorageError).code).toBe('storage/retry-limit-exceeded');
    expect(clock.now()).toBeLessThanOrEqual(OPERATION_RETRY_LIMIT_MS);
    expect(clock.now() + 64_000).toBeGreaterThan(OPERATION_RETRY_LIMIT_MS);
  });

  it('keeps an upload going for up to 600 000 ms', async () => {
    const clock = fakeClock();
    await retryUntil(
      { run: () => Promise.reject(outage()), retryable: () => true },
      UPLOAD_RETRY_LIMIT_MS,
      clock,
    ).catch(() => null);
    expect(clock.now()).toBeGreaterThan(OPERATION_RETRY_LIMIT_MS);
    expect(clock.now()).toBeLessThanOrEqual(UPLOAD_RETRY_LIMIT_MS);
    expect(Math.max(...clock.sleeps)).toBe(64_000);
  });

  it('does not retry a refusal, and stops when canceled', async () => {
    const clock = fakeClock();
    const refused = new StorageError('storage/unauthorized');
    await expect(
      retryUntil({ run: () => Promise.reject(refused), retryable: () => false }, 1000, clock),
    ).rejects.toBe(refused);
    const controller = new AbortController();
    controller.abort();
    const canceled = await retryUntil({ run: async () => 'x', retryable: () => true }, 1000, {
      ...clock,
      signal: controller.signal,
    }).catch((error: unknown) => error);
    expect((canceled as StorageError).code).toBe('storage/canceled');
  });
});

describe('storageErrorOf', () => {
  it('reads the code and reason of our answers, and falls back on the status', () => {
    const ours = storageErrorOf(
      403,
      JSON.stringify({ error: { code: 'storage/unauthorized', message: 'no', details: { reason: 'type' } } }),
    );
    expect([ours.code, ours.reason]).toEqual(['storage/unauthorized', 'type']);
    expect(storageErrorOf(413, '<html>too big</html>').code).toBe('storage/quota-exceeded');
    expect(storageErrorOf(404, '').code).toBe('storage/object-not-found');
    expect(storageErrorOf(502, 'bad gateway').code).toBe('storage/unknown');
  });
});
