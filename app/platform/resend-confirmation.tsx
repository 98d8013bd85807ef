import { useTranslation } from '~/platform/translation';
import { useReturnPath } from './auth-paths';
import { useForm } from './use-form';
import { clsx } from 'clsx';
import { buttonClass } from '~/ui/button-class';

/** Sends the confirmation link again (rate-limited per address on the server). */
export function ResendConfirmationButton({ email, className }: { email: string; className?: string }) {
  const { t } = useTranslation('auth');
  // A button alone: a refusal is said as one message, there is no field to show it beside.
  const form = useForm({ namespace: 'auth', fields: false });
  // The new link comes back here, as the sign-up's would have.
  const back = useReturnPath();
  async function resend() {
    await form.run(
      async () => {
        // Loaded when asked: the banner is in the shell of every page, the auth client is not (issue 18).
        const { authClient } = await import('./auth-client');
        await authClient.resendConfirmation(email, back);
      },
      t('banner.sent', { email }),
    );
  }
  return (
    // A plain button with the design's classes: it shows in the page shell (the e-mail banner), which does not
    // load tailwind-merge (issue 18); `className` only places it.
    <button
      type="button"
      onClick={resend}
      disabled={form.pending}
      className={clsx(buttonClass('outline', 'sm'), className)}
    >
      {form.pending ? t('banner.sending') : t('banner.resend')}
    </button>
  );
}
