import { Flag } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { useRevalidator } from 'react-router';
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
import { EmptyState } from '~/ui/empty-state';
import { TextLink } from '~/ui/link';
import { LinkTabs } from '~/ui/link-tabs';
import { TextDialog } from './text-dialog';

/** A moderator's decision on a report, and the words of its dialog (`moderation.<action>…`). */
const DECISIONS = {
  hide: { triggerVariant: 'danger', described: true, success: 'moderation.hidden' },
  dismiss: { triggerVariant: 'outline', described: false, success: 'moderation.dismissed' },
  reinstate: { triggerVariant: 'outline', described: true, success: 'moderation.reinstated' },
} as const;

/** The button and dialog of one decision, which asks for its reason; the list is read again after it. */
function DecisionDialog({
  action,
  send,
}: {
  action: keyof typeof DECISIONS;
  send: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('community');
  const { revalidate } = useRevalidator();
  const decision = DECISIONS[action];
  return (
    <TextDialog
      trigger={t(`moderation.${action}`)}
      triggerVariant={decision.triggerVariant}
      title={t(`moderation.${action}Title`)}
      description={decision.described ? t(`moderation.${action}Description`) : undefined}
      label={t('moderation.reason')}
      maxLength={COMMUNITY_LIMITS.reason}
      submitLabel={t(`moderation.${action}Submit`)}
      success={t(decision.success)}
      fieldName="reason"
      send={async (reason) => {
        await send(reason);
        void revalidate();
      }}
    />
  );
}

/**
 * The back office's reports (Digital Services Act): what members reported in this space, and the decision
 * on each: hide the content (its author gets the reason by e-mail) or dismiss the report.
 */
export function ModerationPanel({
  reports,
  status,
  timeZone,
}: {
  reports: TReport[];
  status: ReportStatus;
  /** The space's zone, which the reports' moments are shown in. */
  timeZone: string;
}) {
  const { t } = useTranslation('community');
  const locale = useLocale();
  const when = (instant: string) =>
    dateTimeFormat(intlLocaleOf(locale), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
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
      <LinkTabs
        label={t('moderation.statusLabel')}
        look="pills"
        className="mt-4"
        preventScrollReset
        tabs={REPORT_STATUSES.map((name) => ({
          id: name,
          to: `?section=reports&status=${name}`,
          current: name === status,
          children: t(`moderation.statuses.${name}`),
        }))}
      />
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
                  <DecisionDialog
                    action="hide"
                    send={(reason) => call(decideReport, { reportId: report.id, decision: 'hide', reason })}
                  />
                  <DecisionDialog
                    action="dismiss"
                    send={(reason) =>
                      call(decideReport, { reportId: report.id, decision: 'dismiss', reason })
                    }
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
                        <DecisionDialog
                          action="reinstate"
                          send={(reason) =>
                            call(reinstateContent, {
                              subject: report.subject,
                              subjectId: report.subjectId,
                              reason,
                            })
                          }
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
