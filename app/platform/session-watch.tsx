import { useEffect, useRef } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { useSafeNavigate } from './use-safe-navigate';
import { ONE_TIME_TOKEN_PARAM, REDIRECT_PARAM } from '#contract/auth.plain';
import { AppError } from '#contract/errors';
import { AUTH_CHANNEL } from './auth-channel';
import { isAuthScreen } from './auth-paths';
import { useRootData } from './root-data';
import { safeRedirectPath } from './safe-navigation';

/** How often a signed-in page checks that its session still exists, besides focus and tab switches. */
const SESSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Seed section 4, sign-in state:
 * - a one-time sign-in token in the URL (`?ott=`) is taken into app state, removed from the URL, used once to
 *   sign in, and dropped; a failure is logged to the console;
 * - when the session ends (expiry, sign-out in another tab, "sign out everywhere") while the app holds the
 *   signed-in person, that person is cleared (the root data is reloaded without them) and a message logged.
 */
export function SessionWatch() {
  useOneTimeSignIn();
  useSessionEndDetection();
  return null;
}

function useOneTimeSignIn() {
  const location = useLocation();
  const navigate = useSafeNavigate();
  const held = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get(ONE_TIME_TOKEN_PARAM);
    if (!token || held.current === token) return;
    held.current = token;
    params.delete(ONE_TIME_TOKEN_PARAM);
    const query = params.toString();
    const cleanUrl = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
    void navigate(cleanUrl, { replace: true });
    // On the sign-in page, where a signed-out visitor of a private page lands, go where they were going.
    const target = isAuthScreen(location.pathname)
      ? safeRedirectPath(params.get(REDIRECT_PARAM), window.location.origin, '/')
      : cleanUrl;
    // The auth client loads here, and for signed-in pages below: a signed-out page's first load goes without.
    import('./auth-client')
      .then(({ authClient }) => authClient.verifyOneTimeToken(token))
      .then(
        () => window.location.assign(target),
        (error: unknown) => {
          const code = error instanceof AppError ? error.code : 'unknown';
          console.error(`One-time sign-in failed (${code}): the token is invalid, expired or already used.`);
        },
      );
  }, [location, navigate]);
}

function useSessionEndDetection() {
  const userId = useRootData()?.user?.id ?? null;
  // Stable for the router's life: the effect below only restarts when the person changes.
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (!userId) return;
    let ended = false;
    const end = (reason: string) => {
      if (ended) return;
      ended = true;
      console.info(`Signed out (${reason}): the signed-in person held by the page is cleared.`);
      void revalidate();
    };
    const check = async () => {
      try {
        const { authClient } = await import('./auth-client');
        const session = await authClient.getSession();
        if (!session || session.user.id !== userId) end('the session has ended');
      } catch {
        // Offline or the server is restarting: check again later.
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL);
    if (channel) {
      channel.onmessage = (event: MessageEvent<{ type?: string }>) => {
        if (event.data?.type === 'signed-out') end('signed out in another tab');
      };
    }
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onVisibility);
    const timer = window.setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    return () => {
      channel?.close();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onVisibility);
      window.clearInterval(timer);
    };
  }, [userId, revalidate]);
}
