import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { bearer } from 'better-auth/plugins/bearer';
import { oneTimeToken } from 'better-auth/plugins/one-time-token';
import {
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  localeCookieValue,
  readLocaleChoice,
  type Locale,
} from '#contract/locale';
import {
  LOGIN_PATH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REDIRECT_PARAM,
  VALIDATED_PATH,
} from '#contract/auth';
import type { ActivityDetailsOf } from '#contract/activity-details';
import type { Db } from '../db/client';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/auth';
import { recordActivity } from './activity';
import { AUTH_PATH_RULES, type AuthPathRule } from './auth-rate-limits';
import type { Config } from './config';
import { negotiateLocale } from './locale';
import { accountMailJob, type AccountMessage } from './account-mails';
import { enqueueJob, wakeJobRunner } from './jobs';
import type { Logger } from './log';

/** Where better-auth answers: `/api/auth/sign-in/email`, `/api/auth/get-session`, … */
export const AUTH_BASE_PATH = '/api/auth';
/** The header our HTTP layer fills with the caller's address (from the socket), read by the rate limiter. */
export const CLIENT_ADDRESS_HEADER = 'x-escale-client-address';
/** The header our HTTP layer fills with the request's id, for the activity entries better-auth's hooks write. */
export const REQUEST_ID_HEADER = 'x-escale-request-id';

/** The account and security events better-auth carries out, which its hooks log. */
type AuthEventKind =
  'account.created' | 'session.signed_in' | 'password.changed' | 'password.reset' | 'email.verified';

const DAY_SECONDS = 24 * 60 * 60;
/** Seed section 4: a one-time sign-in token lives 5 minutes and works once. */
export const ONE_TIME_TOKEN_MINUTES = 5;

export interface AuthDeps {
  db: Db;
  config: Config;
  log: Logger;
  /** Per-address limits by path (tests lower them). */
  pathRules?: Record<string, AuthPathRule>;
  /** What time the activity entries of sign-ins and password changes say (tests fix it). */
  clock?: () => Date;
}

/** How someone signed in, by better-auth's path: the feed says which (`session.signed_in`). */
const SIGN_IN_METHODS: Record<string, string> = {
  '/sign-in/email': 'password',
  '/verify-email': 'email-link',
  '/one-time-token/verify': 'one-time-token',
};

/** The headers of the request better-auth is serving (an HTTP call, or ours through `auth.api`). */
function headersOf(context: { request?: Request; headers?: Headers } | null | undefined): Headers | null {
  return context?.request?.headers ?? context?.headers ?? null;
}

function localeForMail(user: { locale?: unknown }, request: Request | undefined): Locale {
  if (isLocale(user.locale)) return user.locale;
  return negotiateLocale({
    cookieHeader: request?.headers.get('cookie'),
    acceptLanguage: request?.headers.get('accept-language'),
  });
}

/** Builds better-auth for this process: e-mail + password, verification, reset, sessions, rate limits. */
export function createAuth({
  db,
  config,
  log,
  pathRules = AUTH_PATH_RULES,
  clock = () => new Date(),
}: AuthDeps) {
  const https = config.baseUrl.startsWith('https:');
  const base = new URL(config.baseUrl);

  /**
   * The activity entry of an account or security event better-auth carried out (docs/decisions/020): the
   * person is the actor, with the request's id and address our HTTP layer put in its headers. Written
   * right after better-auth's own write, which its adapter does not run in a transaction we could join;
   * a failure is logged rather than failing a change already made.
   */
  async function logAuthEvent<K extends AuthEventKind>(
    kind: K,
    userId: string,
    headers: Headers | null,
    details?: ActivityDetailsOf<K>,
    address?: string | null,
  ) {
    try {
      await recordActivity(db, {
        kind,
        actor: {
          type: 'user',
          id: userId,
          requestId: headers?.get(REQUEST_ID_HEADER) ?? undefined,
          ip: address ?? headers?.get(CLIENT_ADDRESS_HEADER) ?? undefined,
        },
        subject: { type: 'user', id: userId },
        details: details ?? {},
        occurredAt: clock(),
      });
    } catch (error) {
      log.error('activity entry of an auth event not written', { kind, userId, error });
    }
  }

  /**
   * Queues the message as a job (the one e-mail pipeline, decision 019). better-auth gives its callbacks no
   * transaction to join: the job commits on its own, after better-auth wrote the token the link carries.
   */
  async function mail(
    message: AccountMessage,
    user: { email: string; name?: string | null; locale?: unknown },
    url: string,
    request: Request | undefined,
  ) {
    await enqueueJob(db, accountMailJob, {
      message,
      to: user.email,
      name: user.name ?? null,
      locale: localeForMail(user, request),
      url,
    });
    wakeJobRunner();
  }

  const options = {
    appName: 'Escale',
    baseURL: config.baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: { users, sessions, accounts, verifications, rateLimits },
    }),
    // Pages on a space's subdomain (`acme.<root>`) talk to the same server.
    trustedOrigins: [
      base.origin,
      `${base.protocol}//*.${config.rootDomain}${base.port ? `:${base.port}` : ''}`,
    ],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // An unconfirmed member may sign in (a banner offers to resend the link), but sign-up itself only
      // sends the confirmation: the same answer whether or not the address already has an account.
      requireEmailVerification: false,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) => mail('resetPassword', user, url, request),
      onPasswordReset: async ({ user }, request) => {
        await logAuthEvent('password.reset', user.id, request?.headers ?? null);
        mail('passwordChanged', user, `${config.baseUrl}${LOGIN_PATH}`, request);
      },
      onExistingUserSignUp: async ({ user }, request) =>
        mail('existingAccount', user, `${config.baseUrl}${LOGIN_PATH}`, request),
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        ...additionalFields,
        id,
      }),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY_SECONDS,
      sendVerificationEmail: async ({ user, url }, request) => {
        // A token carrying `updateTo` confirms a new address (profile e-mail change); any other lands on
        // /auth/validated, whatever callback the sign-up request named, keeping only its `redirect`.
        const link = new URL(url);
        const changing = isEmailChange(link);
        if (!changing) link.searchParams.set('callbackURL', confirmationLanding(link));
        await mail(changing ? 'changeEmail' : 'verifyEmail', user, link.toString(), request);
      },
      // A first confirmation, or a new address confirmed (profile e-mail change): the address it confirms.
      afterEmailVerification: async (user, request) =>
        logAuthEvent('email.verified', user.id, request?.headers ?? null, { email: user.email }),
    },
    user: {
      additionalFields: {
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        locale: {
          type: 'string',
          required: false,
          input: true,
          transform: { input: (value) => (isLocale(value) ? value : null) },
        },
      },
      changeEmail: { enabled: true },
    },
    session: {
      expiresIn: 30 * DAY_SECONDS,
      updateAge: DAY_SECONDS,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: Object.fromEntries(
        Object.entries(pathRules).map(([path, rule]) => [path, rule.perAddress]),
      ),
    },
    // Profile changes and account deletion go through our callables, which apply our rules.
    disabledPaths: ['/update-user', '/delete-user', '/delete-user/callback'],
    advanced: {
      cookiePrefix: 'escale',
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    hooks: {
      // Signing in (password, confirmation link, one-time token) after choosing a language signed out: that
      // choice is the latest, so the profile takes it, and the cookie loses its "unsaved" mark (a later
      // change made in the profile elsewhere is then not undone by this browser's old choice).
      after: createAuthMiddleware(async (ctx) => {
        const signedIn = ctx.context.newSession;
        if (!signedIn) return;
        const choice = readLocaleChoice(ctx.getCookie(LOCALE_COOKIE));
        if (!choice?.unsaved) return;
        await ctx.context.internalAdapter.updateUser(signedIn.user.id, { locale: choice.locale });
        ctx.setCookie(LOCALE_COOKIE, localeCookieValue({ locale: choice.locale, unsaved: false }), {
          path: '/',
          maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
          sameSite: 'lax',
          secure: https,
        });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Nobody chooses their own avatar URL or admin flag at sign-up.
          before: async (user) => ({ data: { ...user, image: null, isAdmin: false } }),
          after: async (user, context) => logAuthEvent('account.created', user.id, headersOf(context)),
        },
      },
      session: {
        create: {
          after: async (session, context) =>
            logAuthEvent(
              'session.signed_in',
              session.userId,
              headersOf(context),
              { method: SIGN_IN_METHODS[context?.path ?? ''] ?? 'other' },
              session.ipAddress,
            ),
        },
      },
      account: {
        update: {
          // Accounts are only ever updated for their password here (no social sign-in); a reset is logged
          // by onPasswordReset. The row (and its hash) is not recorded, only that it happened.
          after: async (account, context) => {
            if (context?.path === '/change-password') {
              await logAuthEvent('password.changed', account.userId, headersOf(context));
            }
          },
        },
      },
    },
    plugins: [bearer(), oneTimeToken({ expiresIn: ONE_TIME_TOKEN_MINUTES, storeToken: 'hashed' })],
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => (level === 'error' ? log.error(message) : log.warn(message)),
    },
  } satisfies BetterAuthOptions;

  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * /auth/validated, with the `redirect` the sign-up's callback named (the room being booked, say): that page
 * only follows it once it has judged it a path of this site (app/platform/safe-navigation.ts).
 */
function confirmationLanding(link: URL): string {
  let back: string | null = null;
  try {
    const callback = new URL(link.searchParams.get('callbackURL') ?? '/', link);
    if (callback.pathname === VALIDATED_PATH) back = callback.searchParams.get(REDIRECT_PARAM);
  } catch {
    // Not a URL: the plain landing page.
  }
  return back ? `${VALIDATED_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: back })}` : VALIDATED_PATH;
}

/** True when a verification link's token is an e-mail change (its JWT payload names `updateTo`). */
function isEmailChange(link: URL): boolean {
  const token = link.searchParams.get('token') ?? '';
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { updateTo?: unknown };
    return typeof claims.updateTo === 'string';
  } catch {
    return false;
  }
}
