import { redirect } from 'react-router';
import { isLocale, localeCookieHeader } from '#contract/locale';
import { setProfileLocale } from '#contract/profile';
import { safeRedirectPath } from '~/platform/safe-navigation';
import type { Route } from './+types/locale';

/**
 * Stores the chosen language in the `lang` cookie and goes back to the page it was chosen on (a path of this
 * site only, judged like every redirect). A signed-in person's profile takes it too (it drives e-mails);
 * a choice made signed out is marked unsaved, and signing in saves it to the profile (server/platform/auth.ts).
 * Another site's page cannot post here: the server refuses cross-origin mutations before any route runs.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = form.get('lang');
  const redirectTo = form.get('redirectTo');
  const url = new URL(request.url);
  const back = safeRedirectPath(typeof redirectTo === 'string' ? redirectTo : null, url.origin, '/');
  if (!isLocale(lang)) return redirect(back);
  if (context.viewer) await context.call(setProfileLocale, { locale: lang });
  const cookie = localeCookieHeader(
    { locale: lang, unsaved: !context.viewer },
    { secure: url.protocol === 'https:' },
  );
  return redirect(back, { headers: { 'Set-Cookie': cookie } });
}
