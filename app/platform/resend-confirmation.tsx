import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { useReturnPath } from './auth-paths';
import { messageOfError } from './form-errors';
import { clsx } from 'clsx';
import { buttonClass } from '~/ui/button-class';
import { toast } from '~/ui/toast-store';

/** Sends the confirmation link again (rate-limited per address on the server). */
export function ResendConfirmationButton({ email, className }: { email: string; className?: string }) {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState(false);
  // The new link comes back here, as the sign-up's would have.
  const back = useReturnPath();
  async function resend() {
    setPending(true);
    try {
      // Loaded when asked: the banner is in the shell of every page, the auth client is not (issue 18).
      const { authClient } = await import('./auth-client');
      await authClient.resendConfirmation(email, back);
      toast({ title: t('banner.sent', { email }), color: 'success' });
    } catch (error) {
      toast({ title: messageOfError(t, error), color: 'error' });
    } finally {
      setPending(false);
    }
  }
  return (
    // A plain button with the design's classes: it shows in the page shell (the e-mail banner), which does not
    // load tailwind-merge (issue 18); `className` only places it.
    <button
      type="button"
      onClick={resend}
      disabled={pending}
      className={clsx(buttonClass('outline', 'sm'), className)}
    >
      {pending ? t('banner.sending') : t('banner.resend')}
    </button>
  );
}
