import { z } from './zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.plain';
import { ZText } from './input';

export * from './auth.plain';

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
