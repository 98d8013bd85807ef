/**
 * The callable error codes of the seed (section 8) and their HTTP statuses. Shared by the server,
 * which answers with them, and the browser, which reads them back.
 */
export const ERROR_CODES = [
  'ok',
  'cancelled',
  'unknown',
  'invalid-argument',
  'deadline-exceeded',
  'not-found',
  'already-exists',
  'permission-denied',
  'unauthenticated',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'unavailable',
  'data-loss',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** `invalid-argument` → `INVALID_ARGUMENT`: the wire form in `{ error: { status } }`. */
export function statusNameOf(code: ErrorCode): string {
  return code.replace(/-/g, '_').toUpperCase();
}

export function codeOfStatusName(name: unknown): ErrorCode | undefined {
  if (typeof name !== 'string') return undefined;
  const code = name.toLowerCase().replace(/_/g, '-');
  return (ERROR_CODES as readonly string[]).includes(code) ? (code as ErrorCode) : undefined;
}

/** Server side: the HTTP status each code is answered with. */
export const HTTP_STATUS_OF_CODE: Record<ErrorCode, number> = {
  ok: 200,
  cancelled: 499,
  unknown: 500,
  'invalid-argument': 400,
  'deadline-exceeded': 504,
  'not-found': 404,
  'already-exists': 409,
  'permission-denied': 403,
  unauthenticated: 401,
  'resource-exhausted': 429,
  'failed-precondition': 400,
  aborted: 409,
  'out-of-range': 400,
  unimplemented: 501,
  internal: 500,
  unavailable: 503,
  'data-loss': 500,
};

/** Client side: the code an HTTP status means when the body names none (the seed's mapping). */
const CODE_OF_HTTP_STATUS: Record<number, ErrorCode> = {
  200: 'ok',
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'aborted',
  429: 'resource-exhausted',
  499: 'cancelled',
  500: 'internal',
  501: 'unimplemented',
  503: 'unavailable',
  504: 'deadline-exceeded',
};

export function codeOfHttpStatus(status: number): ErrorCode {
  if (status >= 200 && status < 300) return 'ok';
  return CODE_OF_HTTP_STATUS[status] ?? 'unknown';
}

/** A field that failed validation: `path` as dotted keys (`rooms.0.name`), `message` a translation key or text. */
export interface FieldIssue {
  path: string;
  message: string;
}

export interface ErrorDetails {
  fields?: FieldIssue[];
  [key: string]: unknown;
}

export interface ErrorBody {
  error: { status: string; message: string; details?: ErrorDetails };
}

/** One error type for both sides: services throw it, the browser client rebuilds it from the response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetails) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get httpStatus(): number {
    return HTTP_STATUS_OF_CODE[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        status: statusNameOf(this.code),
        message: this.message,
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

/**
 * A change a rule refuses (an open month, a full event, a pause that overlaps another): `failed-precondition`
 * with the rule's `reason`, which the browser turns into its translated message, and what else it needs.
 */
export function refused(reason: string, message: string, details: ErrorDetails = {}): AppError {
  return new AppError('failed-precondition', message, { reason, ...details });
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
