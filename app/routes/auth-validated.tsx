import { BadgeCheck, CircleAlert, MailWarning } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { redirect } from 'react-router';
import type { Route } from './+types/auth-validated';
import { AuthHeading } from '~/features/auth/auth-heading';
import { loginPath } from '~/platform/auth-paths';
import { pageTitle } from '~/platform/meta';
import { ResendConfirmationButton } from '~/platform/resend-confirmation';
import { redirectTargetOf } from '~/platform/safe-navigation';
import { buttonClass } from '~/ui/button';
import { TextLink } from '~/ui/link';
import { Notice } from '~/ui/notice';

/** What the page tells, decided by who is looking: only a confirmed address reads "confirmed". */
type Outcome = 'confirmed' | 'pending' | 'signed-out' | 'expired' | 'invalid';

const TITLES: Record<Outcome, string> = {
  confirmed: 'validated.title',
  pending: 'validated.pendingTitle',
  'signed-out': 'validated.signedOutTitle',
  expired: 'validated.failedTitle',
  invalid: 'validated.failedTitle',
};

/**
 * Where a confirmation link lands: better-auth's verify-email has confirmed the address and opened a session,
 * or sent back `?error=` (expired or invalid link). A confirmed person goes on to the page the sign-up
 * started from (`?redirect=`, the room being booked), if any. Anyone else opening this address learns what to
 * do: a signed-in person whose address is still unconfirmed can get a new link, a signed-out visitor is told
 * to open the link from the e-mail or sign in.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const error = new URL(request.url).searchParams.get('error');
  const viewer = context.viewer;
  const redirectTo = redirectTargetOf(request);
  if (viewer?.emailVerified && redirectTo !== '/') throw redirect(redirectTo);
  const outcome: Outcome = viewer?.emailVerified
    ? 'confirmed'
    : error
      ? error === 'TOKEN_EXPIRED'
        ? 'expired'
        : 'invalid'
      : viewer
        ? 'pending'
        : 'signed-out';
  return {
    outcome,
    redirectTo,
    viewer: viewer ? { name: viewer.name, email: viewer.email } : null,
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    ...pageTitle(matches, `auth:${TITLES[data?.outcome ?? 'signed-out']}`),
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ValidatedRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  const { outcome, redirectTo, viewer } = loaderData;
  const signIn = (
    <a href={loginPath(redirectTo)} className={`${buttonClass('primary')} mt-6 w-full`}>
      {t('validated.login')}
    </a>
  );

  if (outcome === 'confirmed' && viewer) {
    return (
      <>
        <BadgeCheck aria-hidden className="text-success mb-4 size-10" />
        <AuthHeading
          title={t(TITLES.confirmed)}
          intro={t('validated.signedIn', { name: viewer.name, email: viewer.email })}
        />
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
    );
  }

  if (outcome === 'expired' || outcome === 'invalid') {
    return (
      <>
        <CircleAlert aria-hidden className="text-danger mb-4 size-10" />
        <AuthHeading title={t(TITLES[outcome])} />
        <Notice tone="error">{t(`validated.${outcome}`)}</Notice>
        <p className="mt-4">{viewer ? t('banner.text') : t('validated.resendHint')}</p>
        {viewer ? <ResendConfirmationButton email={viewer.email} className="mt-4" /> : signIn}
      </>
    );
  }

  return (
    <>
      <MailWarning aria-hidden className="text-primary mb-4 size-10" />
      {viewer ? (
        <>
          <AuthHeading
            title={t(TITLES.pending)}
            intro={t('validated.pendingText', { email: viewer.email })}
          />
          <ResendConfirmationButton email={viewer.email} />
        </>
      ) : (
        <>
          <AuthHeading title={t(TITLES['signed-out'])} intro={t('validated.signedOutText')} />
          {signIn}
        </>
      )}
    </>
  );
}
