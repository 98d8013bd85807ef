import { useTranslation } from '~/platform/translation';
import { redirect } from 'react-router';
import type { Route } from './+types/auth-signup';
import { AuthHeading } from '~/features/auth/auth-heading';
import { SignupForm } from '~/features/auth/signup-form';
import { pageMeta } from '~/platform/meta';
import { redirectTargetOf } from '~/platform/safe-navigation';

/** Where to go once the address is confirmed: the `redirect` parameter, if it stays on this site. */
export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = redirectTargetOf(request);
  if (context.viewer) throw redirect(redirectTo);
  return { redirectTo };
}

export const meta = pageMeta('auth:signup.metaTitle', 'auth:signup.metaDescription');

export default function SignupRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthHeading title={t('signup.title')} intro={t('signup.intro')} />
      <SignupForm redirectTo={loaderData.redirectTo} />
    </>
  );
}
