import { RESET_PATH } from '#contract/auth.plain';
import { AppError, codeOfHttpStatus, codeOfStatusName, type ErrorCode } from '#contract/errors';
import type { Locale } from '#contract/locale';
import { AUTH_CHANNEL } from './auth-channel';
import { validatedPath } from './auth-paths';

/**
 * The browser's side of `/api/auth/*` (better-auth's HTTP API), answering with our error codes: a refused
 * request throws an AppError whose `details.authCode` is better-auth's own code (`PASSWORD_TOO_SHORT`, …).
 */
const AUTH_PATH = '/api/auth';

interface AuthErrorBody {
  code?: unknown;
  message?: unknown;
  error?: { status?: unknown; message?: unknown; details?: { retryAfterSeconds?: unknown } };
}

async function errorOf(response: Response): Promise<AppError> {
  let body: AuthErrorBody = {};
  try {
    body = (await response.json()) as AuthErrorBody;
  } catch {
    // Not JSON: the status says enough.
  }
  const code: ErrorCode = codeOfStatusName(body.error?.status) ?? codeOfHttpStatus(response.status);
  const authCode = typeof body.code === 'string' ? body.code : undefined;
  const retryAfterSeconds = Number(
    body.error?.details?.retryAfterSeconds ?? response.headers.get('retry-after'),
  );
  return new AppError(code, typeof body.message === 'string' ? body.message : code, {
    ...(authCode ? { authCode } : {}),
    ...(Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0 ? { retryAfterSeconds } : {}),
  });
}

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${AUTH_PATH}${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch {
    throw new AppError('unavailable', 'Network request failed');
  }
  if (!response.ok) throw await errorOf(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

const post = <T>(path: string, body: unknown) =>
  request<T>(path, { method: 'POST', body: JSON.stringify(body) });

export interface SessionSummary {
  user: { id: string; email: string; emailVerified: boolean };
}

export const authClient = {
  /** The confirmation link it mails lands on /auth/validated, then goes on to `back`. */
  signUp: ({
    back,
    ...input
  }: {
    name: string;
    email: string;
    password: string;
    locale: Locale;
    back?: string;
  }) => post<unknown>('/sign-up/email', { ...input, callbackURL: validatedPath(back) }),
  signIn: (input: { email: string; password: string }) => post<unknown>('/sign-in/email', input),
  signOut: () => post<unknown>('/sign-out', {}),
  requestPasswordReset: (email: string) =>
    post<unknown>('/request-password-reset', { email, redirectTo: RESET_PATH }),
  resetPassword: (token: string, newPassword: string) =>
    post<unknown>('/reset-password', { token, newPassword }),
  resendConfirmation: (email: string, back?: string | null) =>
    post<unknown>('/send-verification-email', { email, callbackURL: validatedPath(back) }),
  verifyOneTimeToken: (token: string) => post<unknown>('/one-time-token/verify', { token }),
  /** The current session, or null; also refreshes the cookie of a session in use. */
  getSession: () => request<SessionSummary | null>('/get-session'),
};

/** Tells the other tabs that this browser signed out. */
export function announceSignedOut() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(AUTH_CHANNEL);
  channel.postMessage({ type: 'signed-out' });
  channel.close();
}

/** Signs out here and in the other tabs, then loads `target` fresh (no page keeps the person in memory). */
export async function signOutAndLeave(target = '/') {
  try {
    await authClient.signOut();
  } finally {
    announceSignedOut();
    window.location.assign(target);
  }
}
