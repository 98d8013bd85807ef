/**
 * Rate limits of the endpoints an attacker would hammer, per caller address (better-auth's limiter, stored
 * in the database so every process shares them) and per e-mail address (ours, same table). All windows are
 * equal so better-auth's clean-up of old rows never removes a live per-e-mail counter.
 */
export const AUTH_RATE_WINDOW_SECONDS = 600;

export interface RateRule {
  window: number;
  max: number;
}

export interface AuthPathRule {
  perAddress: RateRule;
  /** Per e-mail address of the request body; `failures` counts only refused attempts (wrong password). */
  perEmail?: RateRule & { counts: 'attempts' | 'failures' };
}

const rule = (max: number): RateRule => ({ window: AUTH_RATE_WINDOW_SECONDS, max });

export const AUTH_PATH_RULES: Record<string, AuthPathRule> = {
  '/sign-in/email': { perAddress: rule(100), perEmail: { ...rule(10), counts: 'failures' } },
  '/sign-up/email': { perAddress: rule(30), perEmail: { ...rule(5), counts: 'attempts' } },
  '/request-password-reset': { perAddress: rule(20), perEmail: { ...rule(3), counts: 'attempts' } },
  '/send-verification-email': { perAddress: rule(20), perEmail: { ...rule(3), counts: 'attempts' } },
  '/reset-password': { perAddress: rule(20) },
  '/one-time-token/verify': { perAddress: rule(30) },
  '/change-password': { perAddress: rule(20) },
  '/change-email': { perAddress: rule(20) },
};
