import { BadgeCheck, CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/auth-validated';
import { AuthHeading } from '~/features/auth/auth-heading';
import { ResendConfirmationButton } from '~/platform/resend-confirmation';
import { pageTitle } from '~/platform/meta';
import { buttonClass } from '~/ui/button';
import { TextLink } from '~/ui/link';
import { Notice } from '~/ui/notice';

/**
 * Where a confirmation link lands: the server has confirmed the address and opened a session (better-auth's
 * verify-email), or sent back `?error=` (expired or invalid link).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const error = new URL(request.url).searchParams.get('error');
  const viewer = context.viewer;
  return {
    failure: error ? (error === 'TOKEN_EXPIRED' ? 'expired' : 'invalid') : null,
    viewer: viewer ? { name: viewer.name, email: viewer.email, emailVerified: viewer.emailVerified } : null,
  } as const;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'auth:validated.metaTitle');
}

export default function ValidatedRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  const { failure, viewer } = loaderData;

  if (failure && !viewer?.emailVerified) {
    return (
      <>
        <CircleAlert aria-hidden className="text-danger mb-4 size-10" />
        <AuthHeading title={t('validated.failedTitle')} />
        <Notice tone="error">{t(`validated.${failure}`)}</Notice>
        <p className="mt-4">{viewer ? t('banner.text') : t('validated.resendHint')}</p>
        {viewer ? (
          <ResendConfirmationButton email={viewer.email} className="mt-4" />
        ) : (
          <a href="/auth/Login" className={`${buttonClass('primary')} mt-6 w-full`}>
            {t('validated.login')}
          </a>
        )}
      </>
    );
  }

  return (
    <>
      <BadgeCheck aria-hidden className="text-success mb-4 size-10" />
      <AuthHeading
        title={t('validated.title')}
        intro={
          viewer
            ? t('validated.signedIn', { name: viewer.name, email: viewer.email })
            : t('validated.signedOut')
        }
      />
      {viewer ? (
        <>
          <h2 className="mb-3 font-semibold">{t('validated.next')}</h2>
          <div className="flex flex-col gap-3 sm:flex-row">
            <a href="/start" className={buttonClass('primary')}>
              {t('validated.start')}
            </a>
            <TextLink to="/profile" className="self-center">
              {t('validated.profile')}
            </TextLink>
          </div>
        </>
      ) : (
        <a href="/auth/Login?redirect=%2Fstart" className={`${buttonClass('primary')} w-full`}>
          {t('validated.login')}
        </a>
      )}
    </>
  );
}
