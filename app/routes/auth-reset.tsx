import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import type { Route } from './+types/auth-reset';
import { AuthHeading } from '~/features/auth/auth-heading';
import { NewPasswordForm } from '~/features/auth/new-password-form';
import { ResetRequestForm } from '~/features/auth/reset-request-form';
import { loginPath } from '~/platform/auth-paths';
import { pageMeta } from '~/platform/meta';
import { TextLink } from '~/ui/link';
import { Notice } from '~/ui/notice';

/**
 * Two steps on one page: without a token, ask for a link; with the token the link carries (`?token=`), choose
 * the new password. A used or expired link comes back with `?error=INVALID_TOKEN`.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get('token'), invalidLink: url.searchParams.has('error') };
}

export const meta = pageMeta('auth:reset.metaTitle', 'auth:reset.metaDescription');

export default function ResetRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  const [invalidLink, setInvalidLink] = useState(loaderData.invalidLink);
  const token = invalidLink ? null : loaderData.token;

  if (token) {
    return (
      <>
        <AuthHeading title={t('reset.newTitle')} intro={t('reset.newIntro')} />
        <NewPasswordForm token={token} onInvalidToken={() => setInvalidLink(true)} />
      </>
    );
  }
  return (
    <>
      <AuthHeading title={t('reset.requestTitle')} intro={t('reset.requestIntro')} />
      {invalidLink ? (
        <Notice tone="error" className="mb-4">
          {t('reset.invalidLink')}
        </Notice>
      ) : null}
      <ResetRequestForm />
      <p className="mt-6 text-center text-sm">
        <TextLink to={loginPath()}>{t('reset.backToLogin')}</TextLink>
      </p>
    </>
  );
}
