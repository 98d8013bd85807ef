/**
 * The account screens' constants, without a schema: browser modules that every page loads import these
 * from here, so zod (`contract/auth.ts`'s schemas) stays out of their graph. `contract/auth.ts` re-exports
 * them.
 */

/** Passwords: at least 10 characters (issue 4), at most 128 (scrypt input stays bounded). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

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
