import { Flag } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { Link, useRevalidator } from 'react-router';
import {
  COMMUNITY_LIMITS,
  decideReport,
  reinstateContent,
  REPORT_STATUSES,
  type ReportStatus,
  type TReport,
} from '#contract/community';
import { dateTimeFormat } from '#contract/intl';
import { intlLocaleOf } from '#contract/locale';
import { call } from '~/platform/callable-client';
import { useLocale } from '~/platform/use-locale';
import { cn } from '~/ui/cn';
import { EmptyState } from '~/ui/empty-state';
import { TextLink } from '~/ui/link';
import { TextDialog } from './text-dialog';

/**
 * The back office's reports (Digital Services Act): what members reported in this space, and the decision
 * on each: hide the content (its author gets the reason by e-mail) or dismiss the report.
 */
export function ModerationPanel({ reports, status }: { reports: TReport[]; status: ReportStatus }) {
  const { t } = useTranslation('community');
  const locale = useLocale();
  const { revalidate } = useRevalidator();
  const when = (instant: string) =>
    dateTimeFormat(intlLocaleOf(locale), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Paris',
    }).format(new Date(instant));
  return (
    <section
      aria-labelledby="reports-heading"
      className="bg-surface border-line rounded-2xl border p-5 sm:p-6"
    >
      <h2 id="reports-heading" className="text-lg font-semibold">
        {t('moderation.title')}
      </h2>
      <p className="text-ink-soft mt-1 text-sm">{t('moderation.intro')}</p>
      <p className="text-ink-soft mt-1 text-sm">{t('moderation.reportersTold')}</p>
      <nav aria-label={t('moderation.statusLabel')} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {REPORT_STATUSES.map((name) => (
            <li key={name}>
              <Link
                to={`?section=reports&status=${name}`}
                preventScrollReset
                aria-current={name === status ? 'page' : undefined}
                className={cn(
                  'inline-block rounded-full border px-3 py-1 text-sm',
                  name === status
                    ? 'bg-primary text-on-primary border-primary font-semibold'
                    : 'border-line hover:bg-muted',
                )}
              >
                {t(`moderation.statuses.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {reports.length ? (
        <ul className="mt-4 flex flex-col gap-3">
          {reports.map((report) => (
            <li key={report.id} className="border-line rounded-xl border p-4">
              <p className="text-ink-soft text-xs">
                {t('moderation.meta', { reporter: report.reporterName, date: when(report.createdAt) })}
              </p>
              <h3 className="mt-1 font-semibold break-words">
                {report.subject === 'ad' ? (
                  <TextLink to={`/ad/${report.subjectId}`}>
                    {t('moderation.subjectAd', { title: report.subjectLabel })}
                  </TextLink>
                ) : (
                  t('moderation.subjectProfile', { name: report.subjectLabel })
                )}
              </h3>
              <p className="mt-2 text-sm break-words whitespace-pre-line">{report.reason}</p>
              {report.status === 'open' ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  <TextDialog
                    trigger={t('moderation.hide')}
                    triggerVariant="danger"
                    title={t('moderation.hideTitle')}
                    description={t('moderation.hideDescription')}
                    label={t('moderation.reason')}
                    maxLength={COMMUNITY_LIMITS.reason}
                    submitLabel={t('moderation.hideSubmit')}
                    success={t('moderation.hidden')}
                    fieldName="reason"
                    send={async (reason) => {
                      await call(decideReport, { reportId: report.id, decision: 'hide', reason });
                      void revalidate();
                    }}
                  />
                  <TextDialog
                    trigger={t('moderation.dismiss')}
                    title={t('moderation.dismissTitle')}
                    label={t('moderation.reason')}
                    maxLength={COMMUNITY_LIMITS.reason}
                    submitLabel={t('moderation.dismissSubmit')}
                    success={t('moderation.dismissed')}
                    fieldName="reason"
                    send={async (reason) => {
                      await call(decideReport, { reportId: report.id, decision: 'dismiss', reason });
                      void revalidate();
                    }}
                  />
                </div>
              ) : (
                <>
                  <p className="text-ink-soft mt-2 text-sm">
                    {t('moderation.decided', { date: report.decidedAt ? when(report.decidedAt) : '' })}{' '}
                    {report.decisionReason}
                  </p>
                  {report.status === 'upheld' ? (
                    report.subjectHidden ? (
                      <div className="mt-3">
                        <TextDialog
                          trigger={t('moderation.reinstate')}
                          title={t('moderation.reinstateTitle')}
                          description={t('moderation.reinstateDescription')}
                          label={t('moderation.reason')}
                          maxLength={COMMUNITY_LIMITS.reason}
                          submitLabel={t('moderation.reinstateSubmit')}
                          success={t('moderation.reinstated')}
                          fieldName="reason"
                          send={async (reason) => {
                            await call(reinstateContent, {
                              subject: report.subject,
                              subjectId: report.subjectId,
                              reason,
                            });
                            void revalidate();
                          }}
                        />
                      </div>
                    ) : (
                      <p className="mt-2 text-sm font-medium">{t('moderation.wasReinstated')}</p>
                    )
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4">
          <EmptyState icon={Flag} title={t(`moderation.empty.${status}`)} />
        </div>
      )}
    </section>
  );
}
