import { redirect } from 'react-router';
import { isLocale } from '#contract/locale';
import { setProfileLocale } from '#contract/profile';
import type { Route } from './+types/locale';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * Stores the chosen language in the `lang` cookie and goes back to the page it was chosen on. A signed-in
 * person's profile remembers it too: the profile's language wins over the cookie (and drives e-mails).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = form.get('lang');
  const target = String(form.get('redirectTo') ?? '/');
  // Only a path of this site: never an open redirect.
  const back = target.startsWith('/') && !target.startsWith('//') ? target : '/';
  if (!isLocale(lang)) return redirect(back);
  if (context.viewer) await context.call(setProfileLocale, { locale: lang });
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return redirect(back, {
    headers: { 'Set-Cookie': `lang=${lang}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}` },
  });
}
