import { describe, expect, it } from 'vitest';
import { retryingConflicts, TRANSACTION_ATTEMPTS } from './transaction';

/** An error as the drivers give PostgreSQL's, with its SQLSTATE. */
const refusal = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

describe('retryingConflicts', () => {
  it('runs the work again after a serialization failure or a deadlock, and answers what it then gives', async () => {
    const failures = [refusal('40001'), refusal('40P01')];
    let calls = 0;
    const answer = await retryingConflicts(async () => {
      calls += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'done';
    });
    expect(answer).toBe('done');
    expect(calls).toBe(3);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} attempts in all, with PostgreSQL's last answer`, async () => {
    let calls = 0;
    const outcome = retryingConflicts(async () => {
      calls += 1;
      throw refusal('40001');
    });
    await expect(outcome).rejects.toMatchObject({ code: '40001' });
    expect(calls).toBe(TRANSACTION_ATTEMPTS);
  });

  it('never repeats work that failed for another reason', async () => {
    let calls = 0;
    const outcome = retryingConflicts(async () => {
      calls += 1;
      throw refusal('23505');
    });
    await expect(outcome).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
  });
});
