import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useSafeNavigate } from '~/platform/use-safe-navigate';
import type { TAllocation, TStatement, TStatementLine, TStatementSummary } from '#contract/bank-statements';
import {
  isKnownReturnReason,
  STATEMENT_MAX_CHARACTERS,
  statementCalls,
} from '#contract/bank-statements.plain';
import { formatCalendarDate } from '#contract/dates';
import { formatMomentDay } from '#contract/moment-day';
import { formatMoney } from '#contract/money';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { useLocale } from '~/platform/use-locale';
import { useTranslation } from '~/platform/translation';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { Notice } from '~/ui/notice';
import { Section } from '~/ui/section';
import { stacked } from '~/ui/stacked-table';
import { toast } from '~/ui/toast-store';

export interface BankStatementsPageData {
  spaceId: string;
  spaceName: string;
  statements: TStatementSummary[];
  statement: TStatement | null;
}

const pathOf = (spaceId: string, statementId?: string) =>
  `/myspaces/${spaceId}/bank-statements${statementId ? `?statement=${statementId}` : ''}`;

/** The manager picks a camt.053, camt.054 or CFONB 120 file; its result opens below. */
function Upload({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation(['statements', 'common', 'auth']);
  const navigate = useSafeNavigate();
  const form = useForm({ namespace: 'statements', fields: false });
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setError(t('statements:upload.choose'));
      return;
    }
    const content = await file.text();
    if (content.length > STATEMENT_MAX_CHARACTERS) {
      setError(t('statements:upload.tooLarge', { max: Math.floor(STATEMENT_MAX_CHARACTERS / 1000) }));
      return;
    }
    const result = await form.run(() =>
      call(statementCalls.import, { spaceId, fileName: file.name.slice(0, 200), content }),
    );
    if (!result) return;
    toast({
      title: result.duplicate
        ? t('statements:upload.duplicate')
        : t('statements:upload.done', {
            settled: result.counts.settled + result.counts.collected,
            proposed: result.counts.proposed,
          }),
      color: 'success',
    });
    await navigate(pathOf(spaceId, result.id));
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
      <Input
        name="file"
        type="file"
        label={t('statements:upload.file')}
        hint={t('statements:upload.hint')}
        accept=".xml,.txt,.053,.054,.120,.cfonb,application/xml,text/xml,text/plain"
        required
        onChange={() => setError(null)}
      />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? t('statements:upload.reading') : t('statements:upload.submit')}
        </Button>
      </div>
    </form>
  );
}

function useWords() {
  const { t } = useTranslation('statements');
  const locale = useLocale();
  return {
    t,
    locale,
    money: (cents: number) => formatMoney(cents, locale),
    reason: (code: string) =>
      isKnownReturnReason(code) ? t(`reasons.${code}`) : t('reasons.other', { code: code || '—' }),
    invoices: (allocations: TAllocation[]) =>
      allocations
        .map((entry) =>
          t('result.allocation', { number: entry.number, amount: formatMoney(entry.amountCents, locale) }),
        )
        .join(', '),
  };
}

function cellOf(t: (key: string) => string) {
  return (label: string, extra = '') => ({ className: `${stacked.td} ${extra}`, 'data-label': t(label) });
}

/** A table of lines: date, payer, what the line said, amount, and the column the group adds. */
function LinesTable({
  lines,
  last,
  lastLabel,
  testId,
}: {
  lines: TStatementLine[];
  last: (line: TStatementLine) => ReactNode;
  lastLabel: string;
  testId: string;
}) {
  const { t, locale, money } = useWords();
  const cell = cellOf(t);
  return (
    <table className={stacked.table}>
      <thead className={stacked.thead}>
        <tr>
          {['result.date', 'result.payer', 'result.remittance'].map((column) => (
            <th key={column} scope="col" className={stacked.th}>
              {t(column)}
            </th>
          ))}
          <th scope="col" className={`${stacked.th} text-right`}>
            {t('result.amount')}
          </th>
          <th scope="col" className={stacked.th}>
            {t(lastLabel)}
          </th>
        </tr>
      </thead>
      <tbody className={stacked.tbody}>
        {lines.map((line) => (
          <tr key={line.id} className={stacked.tr} data-testid={testId}>
            <td {...cell('result.date', 'whitespace-nowrap')}>
              {formatCalendarDate(line.bookingDate, locale)}
            </td>
            <td {...cell('result.payer')}>{line.counterpartyName || '—'}</td>
            <td {...cell('result.remittance', 'break-words')}>{line.remittance || line.endToEndId || '—'}</td>
            <td {...cell('result.amount', 'text-right tabular-nums whitespace-nowrap')}>
              {money(line.amountCents)}
            </td>
            <td {...cell(lastLabel)}>{last(line)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A proposed line's alternatives, each confirmed with one click. */
function Proposals({ line }: { line: TStatementLine }) {
  const { t, invoices } = useWords();
  const { revalidate } = useRevalidator();
  const form = useForm({ namespace: 'statements', fields: false });
  async function confirm(option: number) {
    const done = await form.run(
      () => call(statementCalls.confirm, { lineId: line.id, option }),
      t('result.confirmed'),
    );
    if (done) void revalidate();
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-ink-soft text-xs">{t(`notes.${line.note}`)}</p>
      {line.proposals.map((option, index) => (
        // A proposal names invoices and a payer: a button whose text wraps, left-aligned.
        <button
          type="button"
          key={index}
          disabled={form.pending}
          onClick={() => void confirm(index)}
          className="border-line bg-surface text-ink hover:bg-muted rounded-lg border px-3 py-2 text-left text-sm font-medium disabled:pointer-events-none disabled:opacity-50"
        >
          {t('result.confirm', {
            invoices: invoices(option),
            buyer: option[0]?.buyerName ?? '',
          })}
        </button>
      ))}
    </div>
  );
}

function Result({ statement }: { statement: TStatement }) {
  const { t, locale, reason, invoices } = useWords();
  const group = (outcomes: TStatementLine['outcome'][]) =>
    statement.lines.filter((line) => outcomes.includes(line.outcome));
  const settled = group(['settled', 'collected']);
  const proposed = group(['proposed']);
  const unmatched = group(['unmatched']);
  const returned = group(['returned']);
  const ignored = group(['ignored']);
  const period =
    statement.fromDate && statement.toDate
      ? t('result.period', {
          from: formatCalendarDate(statement.fromDate, locale),
          to: formatCalendarDate(statement.toDate, locale),
        })
      : '';
  return (
    <>
      <Section
        id="statement-result"
        title={t('result.title', { file: statement.fileName })}
        hint={[t(`formats.${statement.format.replace('.', '')}`), period].filter(Boolean).join(' · ')}
      >
        {statement.duplicate ? <Notice>{t('result.duplicate')}</Notice> : null}
        {statement.alreadyRecorded > 0 && !statement.duplicate ? (
          <Notice>{t('result.alreadyRecorded', { count: statement.alreadyRecorded })}</Notice>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="statement-counts">
          {[
            ['settled', settled.length],
            ['proposed', proposed.length],
            ['unmatched', unmatched.length],
            ['returned', returned.length],
          ].map(([key, count]) => (
            <div key={key} className="border-line rounded-lg border p-3">
              <dt className="text-ink-soft text-xs">{t(`groups.${key}`)}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{count}</dd>
            </div>
          ))}
        </dl>
        {ignored.length ? (
          <p className="text-ink-soft text-sm">{t('result.ignored', { count: ignored.length })}</p>
        ) : null}
      </Section>
      {proposed.length ? (
        <Section id="statement-proposed" title={t('groups.proposed')} hint={t('groups.proposedHint')}>
          <LinesTable
            lines={proposed}
            testId="line-proposed"
            lastLabel="result.proposal"
            last={(line) => <Proposals line={line} />}
          />
        </Section>
      ) : null}
      {returned.length ? (
        <Section id="statement-returned" title={t('groups.returned')} hint={t('groups.returnedHint')}>
          <LinesTable
            lines={returned}
            testId="line-returned"
            lastLabel="result.reason"
            last={(line) => (
              <span>
                <span className="font-medium">{reason(line.reasonCode)}</span>
                {line.settled.length ? (
                  <span className="text-ink-soft block text-xs">
                    {t('result.reopened', { invoices: invoices(line.settled) })}
                  </span>
                ) : null}
              </span>
            )}
          />
        </Section>
      ) : null}
      {settled.length ? (
        <Section id="statement-settled" title={t('groups.settled')}>
          <LinesTable
            lines={settled}
            testId="line-settled"
            lastLabel="result.invoices"
            last={(line) => (
              <span>
                {invoices(line.settled)}
                <span className="text-ink-soft block text-xs">
                  {line.outcome === 'collected' ? t('notes.collected') : t(`notes.${line.note}`)}
                  {line.resolvedBy ? ` · ${t('result.confirmedBy', { name: line.resolvedBy })}` : ''}
                </span>
              </span>
            )}
          />
        </Section>
      ) : null}
      {unmatched.length ? (
        <Section id="statement-unmatched" title={t('groups.unmatched')} hint={t('groups.unmatchedHint')}>
          <LinesTable
            lines={unmatched}
            testId="line-unmatched"
            lastLabel="result.why"
            last={(line) => <span className="text-ink-soft">{t(`notes.${line.note}`)}</span>}
          />
        </Section>
      ) : null}
    </>
  );
}

function History({ data }: { data: BankStatementsPageData }) {
  const { t, locale } = useWords();
  if (!data.statements.length) return <p className="text-ink-soft text-sm">{t('history.none')}</p>;
  return (
    <ul className="divide-line divide-y">
      {data.statements.map((statement) => (
        <li key={statement.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
          <Link
            to={pathOf(data.spaceId, statement.id)}
            className="text-primary font-medium underline-offset-2 hover:underline"
            aria-current={data.statement?.id === statement.id ? 'page' : undefined}
          >
            {statement.fileName}
          </Link>
          <span className="text-ink-soft text-sm">
            {t('history.line', {
              date: formatMomentDay(statement.uploadedAt, locale),
              settled: statement.counts.settled + statement.counts.collected,
              proposed: statement.counts.proposed,
              unmatched: statement.counts.unmatched,
              returned: statement.counts.returned,
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function BankStatementsPage({ data }: { data: BankStatementsPageData }) {
  const { t } = useTranslation('statements');
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-ink-soft mt-1">{t('lead', { space: data.spaceName })}</p>
      </div>
      <Section id="statement-upload" title={t('upload.title')} hint={t('upload.lead')}>
        <Upload spaceId={data.spaceId} />
      </Section>
      {data.statement ? <Result statement={data.statement} /> : null}
      <Section id="statement-history" title={t('history.title')}>
        <History data={data} />
      </Section>
    </main>
  );
}
