import type { Translate, TranslateOptions } from '#contract/translator';
import type { z } from 'zod';
import { AppError, type FieldIssue } from '#contract/errors';

/**
 * Field errors by path (`name`, `skills.2`), each a message key of the `auth` namespace's `validation`.
 * Forms set them on submit; each field hides its own error once the person makes it valid (app/ui/field.tsx).
 */
export type FieldErrors = Record<string, string>;

function byPath(issues: FieldIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return errors;
}

/** The browser-side check of a form with the same zod schema the server applies. */
export function fieldErrorsOfZod(error: z.ZodError): FieldErrors {
  return byPath(
    error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  );
}

/** better-auth's refusals that belong to one field (its code in `details.authCode`). */
const FIELD_OF_AUTH_CODE: Record<string, FieldIssue> = {
  PASSWORD_TOO_SHORT: { path: 'password', message: 'passwordTooShort' },
  PASSWORD_TOO_LONG: { path: 'password', message: 'passwordTooLong' },
  INVALID_EMAIL: { path: 'email', message: 'emailInvalid' },
};

/** The field errors a refused call carries (`details.fields`, or a field's better-auth code), if any. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof AppError)) return {};
  if (error.details?.fields) return byPath(error.details.fields);
  const authCode = error.details?.authCode;
  const field = typeof authCode === 'string' ? FIELD_OF_AUTH_CODE[authCode] : undefined;
  return field ? byPath([field]) : {};
}

/**
 * A refusal's own words, when the feature's catalog has them: `<namespace>:refusals.<reason>` for the reason the
 * server named, else for the first refused field whose message is such a reason (`end-before-start`), with the
 * numbers the server gave (a step, a capacity…) and the caller's own blanks as values.
 */
function ownRefusal(
  t: Translate,
  error: AppError,
  namespace: string,
  blanks: TranslateOptions,
): string | undefined {
  const reason = error.details?.reason;
  const candidates = [
    ...(typeof reason === 'string' ? [reason] : []),
    ...(error.details?.fields ?? []).map((field) => field.message),
  ];
  for (const candidate of candidates) {
    const text = t(`${namespace}:refusals.${candidate}`, { ...error.details, ...blanks, defaultValue: '' });
    if (text) return text;
  }
  return undefined;
}

/**
 * What to tell the person when a call failed, from its code and reason (never from the server's wording): the
 * one "refusal → message" of the app. With a namespace, a refusal that catalog names is said in its words
 * (`refusals.limit-reached` in the formulas catalog); anything else gets the generic message of its code.
 */
export function messageOfError(
  t: Translate,
  error: unknown,
  namespace?: string,
  blanks: TranslateOptions = {},
): string {
  const appError = error instanceof AppError ? error : new AppError('unknown');
  const own = namespace ? ownRefusal(t, appError, namespace, blanks) : undefined;
  if (own) return own;
  if (appError.code === 'resource-exhausted') {
    const seconds = Number(appError.details?.retryAfterSeconds);
    return Number.isFinite(seconds) && seconds > 60
      ? t('auth:tooManyAttempts', { minutes: Math.ceil(seconds / 60) })
      : t('auth:tooManyAttemptsSoon');
  }
  return t(`common:errors.codes.${appError.code}`);
}
