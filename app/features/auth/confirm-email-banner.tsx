import { MailWarning } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { useRootData } from '~/platform/root-data';
import { ResendConfirmationButton } from '~/platform/resend-confirmation';

/** For a signed-in member whose address is not confirmed yet: they cannot book until they follow the link. */
export function ConfirmEmailBanner() {
  const { t } = useTranslation('auth');
  const user = useRootData()?.user;
  if (!user || user.emailVerified) return null;
  return (
    <aside aria-label={t('banner.label')} className="border-secondary/60 bg-secondary/15 border-b">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-2 text-sm">
        <MailWarning aria-hidden className="size-4 shrink-0" />
        <p className="flex-1">{t('banner.text')}</p>
        <ResendConfirmationButton email={user.email} />
      </div>
    </aside>
  );
}
