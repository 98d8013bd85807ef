import { data } from 'react-router';

/**
 * Every path no other route matches. Throwing from a loader (rather than leaving the path unmatched) lets
 * the root loader run first, so the 404 page has the language, the branding and the configuration.
 */
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return null;
}
