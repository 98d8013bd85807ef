import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import type { Route } from './+types/auth-signup';
import { AuthHeading } from '~/features/auth/auth-heading';
import { SignupForm } from '~/features/auth/signup-form';
import { pageTitle } from '~/platform/meta';
import { safeRedirectPath } from '~/platform/safe-navigation';

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get('redirect'), url.origin, '/');
  if (context.viewer) throw redirect(redirectTo);
  return {
    loginPath: redirectTo === '/' ? '/auth/Login' : `/auth/Login?redirect=${encodeURIComponent(redirectTo)}`,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'auth:signup.metaTitle', 'auth:signup.metaDescription');
}

export default function SignupRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthHeading title={t('signup.title')} intro={t('signup.intro')} />
      <SignupForm loginPath={loaderData.loginPath} />
    </>
  );
}
