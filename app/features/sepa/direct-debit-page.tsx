import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { formatCalendarDate } from '#contract/dates';
import { formatMoney } from '#contract/money';
import {
  collectionFileUrl,
  createCollection,
  previewCollection,
  type TCollectionLine,
  type TCollectionSummary,
  type TMemberMandate,
} from '#contract/sepa';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { useLocale } from '~/platform/use-locale';
import { useTranslation } from '~/platform/translation';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { Notice } from '~/ui/notice';
import { Section } from '~/ui/section';
import { stacked } from '~/ui/stacked-table';

export interface DirectDebitPageData {
  spaceId: string;
  spaceName: string;
  ready: boolean;
  earliest: string;
  prenotificationDays: number;
  members: TMemberMandate[];
  collections: TCollectionSummary[];
}

function useCell() {
  const { t } = useTranslation('sepa');
  return (label: string, extra = '') => ({ className: `${stacked.td} ${extra}`, 'data-label': t(label) });
}

/** Each member of the space and their mandate: reference, masked account, signature date, state. */
function MandatesTable({ members }: { members: TMemberMandate[] }) {
  const { t } = useTranslation('sepa');
  const locale = useLocale();
  const cell = useCell();
  if (members.length === 0) return <p className="text-ink-soft text-sm">{t('manage.noMembers')}</p>;
  return (
    <table className={stacked.table}>
      <thead className={stacked.thead}>
        <tr>
          {['member', 'reference', 'account', 'signedOn', 'status'].map((column) => (
            <th key={column} scope="col" className={stacked.th}>
              {t(`manage.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={stacked.tbody}>
        {members.map(({ userId, name, email, mandate }) => (
          <tr key={userId} className={stacked.tr} data-testid="member-mandate">
            <td {...cell('manage.member')}>
              <div>
                <span className="block font-medium">{name}</span>
                <span className="text-ink-soft block text-xs break-all">{email}</span>
              </div>
            </td>
            {mandate ? (
              <>
                <td {...cell('manage.reference')}>
                  <span className="font-mono text-xs">{mandate.reference}</span>
                </td>
                <td {...cell('manage.account', 'whitespace-nowrap')}>{mandate.maskedIban}</td>
                <td {...cell('manage.signedOn')}>{formatCalendarDate(mandate.signedOn, locale)}</td>
                <td {...cell('manage.status')}>{t(`statuses.${mandate.status}`)}</td>
              </>
            ) : (
              <td {...cell('manage.status')} colSpan={4}>
                {t('manage.noMandate')}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LinesTable({ lines }: { lines: TCollectionLine[] }) {
  const { t } = useTranslation('sepa');
  const locale = useLocale();
  const cell = useCell();
  return (
    <table className={stacked.table}>
      <thead className={stacked.thead}>
        <tr>
          <th scope="col" className={stacked.th}>
            {t('manage.invoice')}
          </th>
          <th scope="col" className={stacked.th}>
            {t('manage.member')}
          </th>
          <th scope="col" className={stacked.th}>
            {t('manage.due')}
          </th>
          <th scope="col" className={stacked.th}>
            {t('manage.sequenceType')}
          </th>
          <th scope="col" className={`${stacked.th} text-right`}>
            {t('manage.amount')}
          </th>
        </tr>
      </thead>
      <tbody className={stacked.tbody}>
        {lines.map((line) => (
          <tr key={line.invoiceId} className={stacked.tr} data-testid="collection-line">
            <td {...cell('manage.invoice')}>{line.invoiceNumber}</td>
            <td {...cell('manage.member')}>{line.memberName}</td>
            <td {...cell('manage.due')}>{formatCalendarDate(line.dueDate, locale)}</td>
            <td {...cell('manage.sequenceType')}>{t(`sequence.${line.sequenceType}`)}</td>
            <td {...cell('manage.amount', 'text-right tabular-nums')}>
              {formatMoney(line.amountCents, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Picks a collection date (the pre-notification delay away at least), shows what it takes, generates it. */
function NewCollection({ data }: { data: DirectDebitPageData }) {
  const { t } = useTranslation(['sepa', 'common', 'auth']);
  const locale = useLocale();
  const { revalidate } = useRevalidator();
  const form = useForm({ namespace: 'sepa' });
  const [date, setDate] = useState(data.earliest);
  const [preview, setPreview] = useState<{
    date: string;
    lines: TCollectionLine[];
    totalCents: number;
  } | null>(null);

  async function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = await form.run(() =>
      call(previewCollection, { spaceId: data.spaceId, collectionDate: date }),
    );
    if (found) setPreview({ date, lines: found.lines, totalCents: found.totalCents });
  }

  async function generate() {
    const created = await form.run(
      () => call(createCollection, { spaceId: data.spaceId, collectionDate: date }),
      t('sepa:manage.created'),
    );
    if (created) {
      setPreview(null);
      void revalidate();
    }
  }

  return (
    <div className="space-y-4">
      <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void show(event)}>
        <Input
          name="collectionDate"
          type="date"
          label={t('sepa:manage.collectionDate')}
          hint={t('sepa:manage.earliest', {
            date: formatCalendarDate(data.earliest, locale),
            days: data.prenotificationDays,
          })}
          min={data.earliest}
          value={date}
          onChange={(event) => {
            setDate(event.target.value);
            setPreview(null);
          }}
          error={form.errorOf('collectionDate')}
          required
        />
        <Button type="submit" variant="outline" disabled={form.pending}>
          {t('sepa:manage.preview')}
        </Button>
      </form>
      {preview ? (
        preview.lines.length === 0 ? (
          <p className="text-ink-soft text-sm">{t('sepa:manage.nothingDue')}</p>
        ) : (
          <div className="space-y-3" data-testid="collection-preview">
            <LinesTable lines={preview.lines} />
            <p className="font-medium">
              {t('sepa:manage.total', {
                count: preview.lines.length,
                amount: formatMoney(preview.totalCents, locale),
              })}
            </p>
            <Button disabled={form.pending} onClick={() => void generate()}>
              {t('sepa:manage.create')}
            </Button>
          </div>
        )
      ) : null}
    </div>
  );
}

function CollectionsList({ collections }: { collections: TCollectionSummary[] }) {
  const { t } = useTranslation('sepa');
  const locale = useLocale();
  const cell = useCell();
  if (collections.length === 0) return <p className="text-ink-soft text-sm">{t('manage.noCollections')}</p>;
  return (
    <table className={stacked.table}>
      <thead className={stacked.thead}>
        <tr>
          {['collectionDate', 'generatedOn', 'count', 'amount', 'file'].map((column) => (
            <th
              key={column}
              scope="col"
              className={`${stacked.th} ${column === 'amount' ? 'text-right' : ''}`}
            >
              {t(`manage.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={stacked.tbody}>
        {collections.map((collection) => (
          <tr key={collection.id} className={stacked.tr} data-testid="collection">
            <td {...cell('manage.collectionDate')}>
              {formatCalendarDate(collection.collectionDate, locale)}
            </td>
            <td {...cell('manage.generatedOn')}>
              {formatCalendarDate(collection.createdAt.slice(0, 10), locale)}
            </td>
            <td {...cell('manage.count')}>{collection.transactions}</td>
            <td {...cell('manage.amount', 'text-right tabular-nums')}>
              {formatMoney(collection.controlSumCents, locale)}
            </td>
            <td {...cell('manage.file')}>
              <a
                className="text-primary-ink underline"
                href={collectionFileUrl(collection.id)}
                download={collection.fileName}
                aria-label={t('manage.downloadLabel', { file: collection.fileName })}
              >
                {t('manage.download')}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /myspaces/{id}/direct-debit: the members' mandates, a new collection, the collections generated. */
export function DirectDebitPage({ data }: { data: DirectDebitPageData }) {
  const { t } = useTranslation('sepa');
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">{t('manage.title')}</h1>
      {data.ready ? null : <Notice tone="info">{t('manage.notReady')}</Notice>}
      <Section id="mandates" title={t('manage.mandates')}>
        <MandatesTable members={data.members} />
      </Section>
      {data.ready ? (
        <Section id="new-collection" title={t('manage.newCollection')}>
          <NewCollection data={data} />
        </Section>
      ) : null}
      <Section id="collections" title={t('manage.collections')}>
        <CollectionsList collections={data.collections} />
      </Section>
    </main>
  );
}
