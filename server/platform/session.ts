import { isLocale, type Locale } from '#contract/locale';
import type { Auth } from './auth';
import type { Logger } from './log';

/** Who is asking, as every service sees it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  isAdmin: boolean;
  locale: Locale | null;
  /** The avatar's URL, or null. */
  image: string | null;
}

export interface Session {
  id: string;
  user: SessionUser;
}

/** Reads the session a request carries (cookie or `Authorization: Bearer`); null when signed out. */
export type SessionReader = (headers: Headers) => Promise<Session | null>;

/**
 * The real reader: better-auth checks the signed cookie (or the bearer token, through its bearer plugin)
 * against the `sessions` table, so a session ended elsewhere (sign-out, password reset) ends here too.
 */
export function createSessionReader(auth: Auth, log: Logger): SessionReader {
  return async (headers) => {
    const hasCredentials = headers.has('cookie') || headers.has('authorization');
    if (!hasCredentials) return null;
    let found: Awaited<ReturnType<Auth['api']['getSession']>>;
    try {
      // The cookie's own refresh is left to the browser's `get-session` calls: a page render never sets it.
      found = await auth.api.getSession({ headers, query: { disableRefresh: true } });
    } catch (error) {
      log.warn('session could not be read', { error });
      return null;
    }
    if (!found) return null;
    const { session, user } = found;
    return {
      id: session.id,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        isAdmin: user.isAdmin === true,
        locale: isLocale(user.locale) ? user.locale : null,
        image: user.image ?? null,
      },
    };
  };
}
