import { formatCalendarDate } from '#contract/dates';
import type { TMandate } from '#contract/sepa';
import { useLocale } from '~/platform/use-locale';
import { useTranslation } from '~/platform/translation';

/** A member's SEPA mandate in one line, for the back office's team list: state, reference, masked account. */
export function MandateNote({ mandate }: { mandate: TMandate | null }) {
  const { t } = useTranslation('sepa');
  const locale = useLocale();
  return (
    <p className="text-ink-soft text-sm" data-testid="team-mandate">
      {mandate
        ? t(`manage.note.${mandate.status}`, {
            reference: mandate.reference,
            iban: mandate.maskedIban,
            date: formatCalendarDate(mandate.signedOn, locale),
          })
        : t('manage.noMandate')}
    </p>
  );
}
