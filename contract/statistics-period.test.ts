import { describe, expect, it } from 'vitest';
import { presetRange, readStatisticsQuery, statisticsParams } from './statistics-period';

const read = (query: string, today = '2026-11-27') => readStatisticsQuery(new URLSearchParams(query), today);

describe("/statistics's periods", () => {
  it('covers this month and this year so far, last month whole, and rolling 30 and 90 days up to today', () => {
    expect(presetRange('this-month', '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(presetRange('last-month', '2026-11-27')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('30-days', '2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(presetRange('90-days', '2026-11-27')).toEqual({ from: '2026-08-30', to: '2026-11-27' });
    expect(presetRange('year', '2026-11-27')).toEqual({ from: '2026-01-01', to: '2026-11-27' });
  });

  it("takes last month across a year's end and a leap February", () => {
    expect(presetRange('last-month', '2027-01-03')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetRange('last-month', '2028-03-05')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('reads the address: a preset, a custom range, the space and the room', () => {
    expect(read('period=last-month&space=s1&room=r1')).toEqual({
      period: 'last-month',
      from: '2026-10-01',
      to: '2026-10-31',
      space: 's1',
      room: 'r1',
      rangeError: null,
    });
    expect(read('period=custom&from=2026-02-01&to=2026-03-15')).toMatchObject({
      period: 'custom',
      from: '2026-02-01',
      to: '2026-03-15',
      space: null,
      room: null,
    });
    // No room without a space; an unknown period is this month.
    expect(read('room=r1&period=decade')).toMatchObject({ period: 'this-month', room: null });
  });

  it('falls back to this month, saying why, on a custom range it cannot take', () => {
    const thisMonth = { period: 'this-month', from: '2026-11-01', to: '2026-11-27' };
    expect(read('period=custom&from=2026-03-10&to=2026-03-01')).toMatchObject({
      ...thisMonth,
      rangeError: 'range-order',
    });
    expect(read('period=custom&from=2020-01-01&to=2026-01-01')).toMatchObject({
      ...thisMonth,
      rangeError: 'range-too-long',
    });
    expect(read('period=custom&from=2026-02-30&to=2026-03-01')).toMatchObject({
      ...thisMonth,
      rangeError: 'date',
    });
    expect(read('period=custom')).toMatchObject({ ...thisMonth, rangeError: 'date' });
  });

  it('writes back the parameters it reads', () => {
    for (const query of [
      'period=year&space=s1&room=r1',
      'period=custom&from=2026-02-01&to=2026-02-28&space=s1',
    ]) {
      const parsed = read(query);
      expect(read(statisticsParams(parsed).toString())).toEqual(parsed);
    }
  });
});
