import { z } from 'zod';
import { ZText } from './input';

/** Passwords: at least 10 characters (issue 4), at most 128 (scrypt input stays bounded). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

/**
 * Messages are translation keys of the `auth` namespace (`validation.<key>`): the browser shows them next
 * to the field, in the reader's language.
 */
export const ZEmail = ZText.trim().toLowerCase().max(254, 'emailTooLong').pipe(z.email('emailInvalid'));

export const ZNewPassword = ZText.min(PASSWORD_MIN_LENGTH, 'passwordTooShort').max(
  PASSWORD_MAX_LENGTH,
  'passwordTooLong',
);

export const ZPersonName = ZText.trim().min(1, 'nameRequired').max(NAME_MAX_LENGTH, 'nameTooLong');

export const ZSignUpForm = z.object({
  name: ZPersonName,
  email: ZEmail,
  password: ZNewPassword,
  acceptTerms: z.literal(true, 'termsRequired'),
});

export const ZSignInForm = z.object({
  email: ZEmail,
  password: ZText.min(1, 'passwordRequired').max(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
});

export const ZResetRequestForm = z.object({ email: ZEmail });

export const ZNewPasswordForm = z
  .object({ password: ZNewPassword, confirmation: ZText })
  .refine((form) => form.password === form.confirmation, {
    path: ['confirmation'],
    message: 'passwordMismatch',
  });

/** Seed section 4: a one-time sign-in token arrives in the page URL under this parameter, and is removed. */
export const ONE_TIME_TOKEN_PARAM = 'ott';

/**
 * The account screens, spelt as the seed spells them: every link, redirect and e-mail names them through
 * these (app/platform/auth-paths.ts adds a safe `redirect`).
 */
export const LOGIN_PATH = '/auth/Login';
export const SIGNUP_PATH = '/auth/Signup';
export const RESET_PATH = '/auth/Reset';
/** Where a confirmation link lands, signed in. */
export const VALIDATED_PATH = '/auth/validated';
/** The query parameter naming the page to go back to after signing in, signing up or confirming. */
export const REDIRECT_PARAM = 'redirect';
