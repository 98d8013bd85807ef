import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileClock, fileJobClock } from './test-clock';

const dir = mkdtempSync(path.join(os.tmpdir(), 'escale-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the browser tests’ clock file', () => {
  it('is the instant it holds, else the machine’s time', () => {
    const file = path.join(dir, 'clock');
    const clock = fileClock(file);
    const machine = () => Math.abs(clock().getTime() - Date.now()) < 5_000;
    expect(machine()).toBe(true);
    writeFileSync(file, '2031-01-02T03:04:05.000Z\n');
    expect(clock().toISOString()).toBe('2031-01-02T03:04:05.000Z');
    writeFileSync(file, '2031-01-02T03:04:05.000Z jobs\n');
    expect(clock().toISOString()).toBe('2031-01-02T03:04:05.000Z');
    writeFileSync(file, 'not a date');
    expect(machine()).toBe(true);
    writeFileSync(file, '');
    expect(machine()).toBe(true);
  });

  it('moves the background jobs only when it says so', () => {
    const file = path.join(dir, 'job-clock');
    const jobClock = fileJobClock(file);
    expect(jobClock()).toBeUndefined();
    writeFileSync(file, '2031-01-02T03:04:05.000Z\n');
    expect(jobClock()).toBeUndefined();
    writeFileSync(file, '2031-01-02T03:04:05.000Z jobs\n');
    expect(jobClock()?.toISOString()).toBe('2031-01-02T03:04:05.000Z');
    writeFileSync(file, 'not-a-date jobs');
    expect(jobClock()).toBeUndefined();
  });
});
