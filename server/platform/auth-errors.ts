import { AppError, codeOfHttpStatus } from '#contract/errors';
import type { Logger } from './log';

/** better-auth's error codes that mean the caller's input was wrong, with the message key shown for them. */
const MESSAGE_OF_CODE: Record<string, string> = {
  INVALID_PASSWORD: 'currentPasswordWrong',
  PASSWORD_TOO_SHORT: 'passwordTooShort',
  PASSWORD_TOO_LONG: 'passwordTooLong',
  INVALID_EMAIL: 'emailInvalid',
};

interface AuthErrorLike {
  statusCode?: unknown;
  body?: { code?: unknown; message?: unknown } | undefined;
}

/**
 * An error better-auth threw inside a callable, as the AppError our API answers with: a known input problem
 * becomes a field error, the rest keeps its HTTP meaning; an unexpected failure is logged and hidden.
 */
export function appErrorOfAuthError(
  error: unknown,
  log: Logger,
  options: { fieldOf?: Record<string, string> } = {},
): AppError {
  const candidate = error as AuthErrorLike | null;
  const status = typeof candidate?.statusCode === 'number' ? candidate.statusCode : undefined;
  if (!status) {
    log.error('auth operation failed', { error });
    return new AppError('internal', 'Internal error');
  }
  const code = typeof candidate?.body?.code === 'string' ? candidate.body.code : '';
  const path = options.fieldOf?.[code];
  const message = MESSAGE_OF_CODE[code];
  if (path && message) {
    return new AppError('invalid-argument', 'Invalid input', { fields: [{ path, message }] });
  }
  const appCode = codeOfHttpStatus(status);
  if (appCode === 'internal' || appCode === 'unknown') {
    log.error('auth operation failed', { error });
    return new AppError('internal', 'Internal error');
  }
  return new AppError(
    appCode,
    typeof candidate?.body?.message === 'string' ? candidate.body.message : appCode,
  );
}
