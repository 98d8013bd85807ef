import { describe, expect, it } from 'vitest';
import {
  AppError,
  codeOfHttpStatus,
  codeOfStatusName,
  ERROR_CODES,
  HTTP_STATUS_OF_CODE,
  statusNameOf,
} from './errors';

// Seed section 8: the statuses each named code travels with.
const SEED_MAPPING: Array<[string, number]> = [
  ['invalid-argument', 400],
  ['unauthenticated', 401],
  ['permission-denied', 403],
  ['not-found', 404],
  ['aborted', 409],
  ['resource-exhausted', 429],
  ['cancelled', 499],
  ['internal', 500],
  ['unimplemented', 501],
  ['unavailable', 503],
  ['deadline-exceeded', 504],
];

describe('error codes', () => {
  it.each(SEED_MAPPING)('answers %s with HTTP %i and reads HTTP %i back as that code', (code, status) => {
    expect(HTTP_STATUS_OF_CODE[code as keyof typeof HTTP_STATUS_OF_CODE]).toBe(status);
    expect(codeOfHttpStatus(status)).toBe(code);
  });

  it('reads any 2xx as ok and an unlisted status as unknown', () => {
    expect(codeOfHttpStatus(200)).toBe('ok');
    expect(codeOfHttpStatus(204)).toBe('ok');
    expect(codeOfHttpStatus(418)).toBe('unknown');
    expect(codeOfHttpStatus(502)).toBe('unknown');
  });

  it.each(ERROR_CODES.map((code) => [code]))('round-trips %s through its wire name', (code) => {
    expect(codeOfStatusName(statusNameOf(code))).toBe(code);
  });

  it('gives every code an HTTP status of the error range, but ok', () => {
    for (const code of ERROR_CODES) {
      const status = HTTP_STATUS_OF_CODE[code];
      expect(code === 'ok' ? status === 200 : status >= 400).toBe(true);
    }
  });

  it('refuses names that are not codes', () => {
    expect(codeOfStatusName('TEAPOT')).toBeUndefined();
    expect(codeOfStatusName(42)).toBeUndefined();
  });

  it('serialises an AppError as the wire body', () => {
    const error = new AppError('already-exists', 'Taken', { fields: [{ path: 'slug', message: 'taken' }] });
    expect(error.httpStatus).toBe(409);
    expect(error.toBody()).toEqual({
      error: {
        status: 'ALREADY_EXISTS',
        message: 'Taken',
        details: { fields: [{ path: 'slug', message: 'taken' }] },
      },
    });
  });
});
