import { describe, expect, it } from 'vitest';
import { z } from './zod';
import { refineRange } from './date-range';

const issuesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('a period a caller sends', () => {
  const period = z
    .object({ from: z.string().optional(), to: z.string().optional() })
    .superRefine(refineRange('from', 'to', { maxDays: 31 }));

  it('ends on or after its start, and spans at most its days, both ends counted', () => {
    expect(issuesOf(period, { from: '2026-05-01', to: '2026-05-01' })).toEqual([]);
    expect(issuesOf(period, { from: '2026-05-01', to: '2026-05-31' })).toEqual([]);
    expect(issuesOf(period, { from: '2026-05-01', to: '2026-06-01' })).toEqual(['to:range-too-long']);
    expect(issuesOf(period, { from: '2026-05-02', to: '2026-05-01' })).toEqual(['to:range-order']);
    expect(issuesOf(period, { from: '2026-05-02' })).toEqual([]);
  });

  it('may require the end after the start, and name its own message', () => {
    const pause = z
      .object({ startsOn: z.string(), endsOn: z.string() })
      .superRefine(refineRange('startsOn', 'endsOn', { strict: true, orderMessage: 'pause-order' }));
    expect(issuesOf(pause, { startsOn: '2026-05-01', endsOn: '2026-05-01' })).toEqual(['endsOn:pause-order']);
    expect(issuesOf(pause, { startsOn: '2026-05-01', endsOn: '2026-05-02' })).toEqual([]);
    const event = z
      .object({ startsAt: z.string(), endsAt: z.string() })
      .superRefine(refineRange('startsAt', 'endsAt', { strict: true }));
    expect(issuesOf(event, { startsAt: '2026-05-01T10:00', endsAt: '2026-05-01T09:30' })).toEqual([
      'endsAt:range-order',
    ]);
  });

  it('counts both ends of a period, across a daylight-saving change', () => {
    const week = z
      .object({ from: z.string(), to: z.string() })
      .superRefine(refineRange('from', 'to', { maxDays: 3 }));
    expect(issuesOf(week, { from: '2026-03-28', to: '2026-03-30' })).toEqual([]);
    expect(issuesOf(week, { from: '2026-03-28', to: '2026-03-31' })).toEqual(['to:range-too-long']);
    const dated = z
      .object({ startsAt: z.string(), endsAt: z.string() })
      .superRefine(refineRange('startsAt', 'endsAt', { maxDays: 3 }));
    expect(issuesOf(dated, { startsAt: '2026-10-24T10:00', endsAt: '2026-10-26T09:00' })).toEqual([]);
    expect(issuesOf(dated, { startsAt: '2026-10-24T10:00', endsAt: '2026-10-27T09:00' })).toEqual([
      'endsAt:range-too-long',
    ]);
  });
});
