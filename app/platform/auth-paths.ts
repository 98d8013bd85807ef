import { useLocation } from 'react-router';
import { LOGIN_PATH, REDIRECT_PARAM, RESET_PATH, SIGNUP_PATH, VALIDATED_PATH } from '#contract/auth.plain';
import { safeRedirectPath } from './safe-navigation';

/** Messages the sign-in page can open with (`?notice=`). */
export type LoginNotice = 'deleted' | 'password-changed';

/**
 * Any origin does to judge a target given as a path: only a path that stays on whichever origin the page has
 * is kept. (An absolute URL is dropped: callers pass the path of the page they are on.)
 */
const PATH_ORIGIN = 'https://escale.invalid';

/**
 * `page` with a `redirect` back to `back` when it is a safe path of this site other than the home page
 * (where the account screens go by default), then any other parameters.
 */
function withRedirect(page: string, back: string | null | undefined, params: Record<string, string> = {}) {
  const query = new URLSearchParams();
  const target = safeRedirectPath(back, PATH_ORIGIN, '/');
  if (target !== '/') query.set(REDIRECT_PARAM, target);
  for (const [name, value] of Object.entries(params)) query.set(name, value);
  const search = query.toString();
  return search ? `${page}?${search}` : page;
}

/** The sign-in page, coming back to `back` after. */
export function loginPath(back?: string | null, options: { notice?: LoginNotice } = {}): string {
  return withRedirect(LOGIN_PATH, back, options.notice ? { notice: options.notice } : {});
}

/** The sign-up page, coming back to `back` once the address is confirmed. */
export function signupPath(back?: string | null): string {
  return withRedirect(SIGNUP_PATH, back);
}

/** Where the confirmation link of a sign-up lands, then goes on to `back`. */
export function validatedPath(back?: string | null): string {
  return withRedirect(VALIDATED_PATH, back);
}

/** Whether `pathname` is one of the account screens (sign-in, sign-up, reset, confirmation). */
export function isAuthScreen(pathname: string): boolean {
  return [LOGIN_PATH, SIGNUP_PATH, RESET_PATH, VALIDATED_PATH].includes(pathname);
}

/**
 * The page an account screen opened from here should come back to: this page, or on an account screen
 * (`/auth/…`), the page it was itself opened from.
 */
export function useReturnPath(): string | null {
  const { pathname, search } = useLocation();
  if (isAuthScreen(pathname)) return new URLSearchParams(search).get(REDIRECT_PARAM);
  return `${pathname}${search}`;
}

/** The sign-in page for a signed-out visitor of `request`'s page, coming back to it after. */
export function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  return loginPath(`${url.pathname}${url.search}`);
}
