import { useTranslation } from '~/platform/translation';
import { redirect } from 'react-router';
import type { Route } from './+types/auth-login';
import { AuthHeading } from '~/features/auth/auth-heading';
import { LoginForm } from '~/features/auth/login-form';
import type { LoginNotice } from '~/platform/auth-paths';
import { pageMeta } from '~/platform/meta';
import { redirectTargetOf } from '~/platform/safe-navigation';

const NOTICES = {
  deleted: 'login.accountDeleted',
  'password-changed': 'login.passwordChanged',
} as const satisfies Record<LoginNotice, string>;

/** Where to go after signing in: the `redirect` parameter, if it stays on this site. */
export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = redirectTargetOf(request);
  if (context.viewer) throw redirect(redirectTo);
  const notice = new URL(request.url).searchParams.get('notice');
  return { redirectTo, notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null };
}

export const meta = pageMeta('auth:login.metaTitle', 'auth:login.metaDescription');

export default function LoginRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthHeading title={t('login.title')} intro={t('login.intro')} />
      <LoginForm
        redirectTo={loaderData.redirectTo}
        notice={loaderData.notice ? t(loaderData.notice) : null}
      />
    </>
  );
}
