/** Tabs of this browser tell each other about a sign-out, so each clears the person it holds. */
export const AUTH_CHANNEL = 'escale-auth';
