import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isLocale, type Locale } from '#contract/locale';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/rows';
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
 * The real reader, in one statement: the session token the request carries (better-auth's signed cookie, or
 * the bearer token its `bearer` plugin accepts), its signature checked with the auth secret, then the
 * session and its person read together from the `sessions` table, so a session ended elsewhere (sign-out,
 * "sign out everywhere", password reset) ends here too, at the next request. It reads what better-auth's
 * `getSession` (`disableRefresh`) answers without its endpoint machinery and its two statements: about a
 * millisecond of CPU per signed-in request (docs/decisions/036); session.test.ts holds it to better-auth's
 * own answer. Writing sessions (sign-in, refresh, sign-out) stays better-auth's.
 */
export function createSessionReader(auth: Auth, log: Logger, db: Db): SessionReader {
  const settings = auth.$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    secret: context.secret,
  }));
  return async (headers) => {
    const hasCredentials = headers.has('cookie') || headers.has('authorization');
    if (!hasCredentials) return null;
    try {
      const { cookieName, secret } = await settings;
      const token = sessionTokenOf(headers, cookieName, secret);
      if (!token) return null;
      const [row] = await READ_SESSION(db, { token });
      if (!row) return null;
      return {
        id: row.session_id,
        user: {
          id: row.id,
          email: row.email,
          name: row.name,
          emailVerified: row.email_verified,
          isAdmin: row.is_admin === true,
          locale: isLocale(row.locale) ? row.locale : null,
          image: row.image ?? null,
        },
      };
    } catch (error) {
      log.warn('session could not be read', { error });
      return null;
    }
  };
}

/** The session and its person, by the session's token: compiled once, prepared on each connection. */
const READ_SESSION = preparedStatement<{
  session_id: string;
  id: string;
  email: string;
  name: string;
  email_verified: boolean;
  is_admin: boolean | null;
  locale: string | null;
  image: string | null;
}>(
  () => sql`SELECT s.id AS session_id, u.id, u.email, u.name, u.email_verified, u.is_admin, u.locale, u.image
            FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.token = ${sql.placeholder('token')} AND s.expires_at > now()`,
);

/**
 * The session token of a request, as better-auth finds it: a bearer token first (`Authorization: Bearer`,
 * signed as the cookie is, or the bare token, which the `bearer` plugin accepts unsigned), else the session
 * cookie; a signed value counts only with a valid signature. Null when there is none.
 */
function sessionTokenOf(headers: Headers, cookieName: string, secret: string): string | null {
  const authorization = headers.get('authorization');
  if (authorization && authorization.slice(0, BEARER.length).toLowerCase() === BEARER) {
    const given = authorization.slice(BEARER.length).trim();
    if (given && !given.includes('.')) return given;
    const token = given ? verifiedValue(given.includes('%') ? decoded(given) : given, secret) : null;
    if (token) return token;
  }
  const cookie = cookieOf(headers.get('cookie'), cookieName);
  return cookie ? verifiedValue(cookie, secret) : null;
}

const BEARER = 'bearer ';

/** `value.signature` (HMAC-SHA256 in base64, better-call's signed cookie): the value when the signature holds. */
function verifiedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/** The first cookie named `name` in a Cookie header, decoded (as better-call reads it); null when absent. */
function cookieOf(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    let value = pair.slice(equals + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    return decoded(value);
  }
  return null;
}

function decoded(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
