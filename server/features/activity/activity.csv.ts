import { MAX_ACTIVITY_EXPORT_ROWS, type ActivityValue, type TActivityItem } from '#contract/activity';
import { describeActivity, kindKey, personName, reasonOf, zoneOfItem } from '#contract/activity-sentence';
import { dateTimeFormat, numberFormat } from '#contract/intl';
import { intlLocaleOf, type Locale } from '#contract/locale';
import { formatMoney, formatVatRate } from '#contract/money';
import { formatMoment } from '#contract/reservation-format';
import { DEFAULT_TIME_ZONE } from '#contract/spaces';
import type { Translate } from '#contract/translator';
import { CSV_BOM, csvLine } from '../../platform/csv';
import { namespaceTranslator } from '../../platform/translations';
import { listActivity, type ActivityContext, type ActivityQuery } from './activity.service';

/**
 * The feed as a CSV file (the format is server/platform/csv.ts's, as every CSV the app writes): dates and
 * times in each entry's space's zone, words from the same `activity` catalogs as the page.
 */

/** Entries read per query while the file streams out. */
const EXPORT_BATCH = 500;

const COLUMNS = [
  'date',
  'time',
  'timeZone',
  'space',
  'actor',
  'about',
  'kind',
  'description',
  'reason',
  'changes',
  'subject',
  'subjectId',
  'entry',
] as const;

/** The fields whose values are words of a list (a status, a role): read from `changes.values`. */
const WORD_FIELDS = new Set(['status', 'paymentStatus', 'orderStatus', 'role']);
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A value a change recorded, as a person reads it: words, amounts, percentages, dates in the zone. */
function valueText(field: string, value: ActivityValue, locale: Locale, zone: string, t: Translate): string {
  if (value === null || value === '') return t('changes.empty');
  if (typeof value === 'boolean') return t(value ? 'changes.yes' : 'changes.no');
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') {
    if (field.endsWith('Cents')) return formatMoney(value, locale);
    if (field === 'vatRateBasisPoints') return formatVatRate(value, locale);
    return numberFormat(intlLocaleOf(locale), {}).format(value);
  }
  if (WORD_FIELDS.has(field)) return t(`changes.values.${value}`, { defaultValue: value });
  if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatMoment(locale, value, zone);
  return value;
}

/** "Statut : confirmée → annulée, Prix à l’heure : 30,00 € → 35,00 €": the fields a change touched. */
function changesText(item: TActivityItem, locale: Locale, zone: string, t: Translate): string {
  return Object.entries(item.changes)
    .map(([field, { before, after }]) =>
      t('changes.field', {
        field: t(`changes.fields.${field}`, { defaultValue: field }),
        before: valueText(field, before, locale, zone, t),
        after: valueText(field, after, locale, zone, t),
      }),
    )
    .join(', ');
}

function rowOf(item: TActivityItem, locale: Locale, viewerId: string): string[] {
  const t = namespaceTranslator(locale, 'activity');
  const zone = zoneOfItem(item, DEFAULT_TIME_ZONE);
  const at = new Date(item.occurredAt);
  const date = dateTimeFormat(intlLocaleOf(locale), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: zone,
  }).format(at);
  const time = dateTimeFormat(intlLocaleOf(locale), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(at);
  return [
    date,
    time,
    zone,
    item.space?.name ?? '',
    personName(item.actor, t),
    item.about ? personName(item.about, t) : '',
    t(kindKey(item.kind, 'label')),
    describeActivity(item, { viewerId, locale, timeZone: zone, t }),
    reasonOf(item, t) ?? '',
    changesText(item, locale, zone, t),
    t(`csv.subjects.${item.subject.type}`, { defaultValue: item.subject.type }),
    item.subject.id,
    item.id,
  ];
}

/** The header line of the file, in the reader's language. */
export function csvHeader(locale: Locale): string {
  const t = namespaceTranslator(locale, 'activity');
  return csvLine(COLUMNS.map((column) => t(`csv.${column}`)));
}

/** `activite-2026-05-04.csv` / `activity-2026-05-04.csv`. */
export function exportFilename(locale: Locale, today: string): string {
  return `${namespaceTranslator(locale, 'activity')(`csv.filename`)}-${today}.csv`;
}

/**
 * The file's text, piece by piece: the mark and the header, then the entries page after page (a keyset
 * page each, as the feed reads them), at most MAX_ACTIVITY_EXPORT_ROWS. The asker's rights are checked by
 * the first page, before anything is written.
 */
export async function* activityCsv(
  ctx: ActivityContext & { viewerId: string },
  query: Omit<ActivityQuery, 'cursor' | 'pageSize'>,
  locale: Locale,
  maxRows = MAX_ACTIVITY_EXPORT_ROWS,
): AsyncGenerator<string> {
  let cursor: string | undefined;
  let written = 0;
  let first = true;
  do {
    const pageSize = Math.min(EXPORT_BATCH, maxRows - written);
    const page = await listActivity(ctx, { ...query, cursor, pageSize });
    if (first) yield CSV_BOM + csvHeader(locale);
    first = false;
    yield page.items.map((item) => csvLine(rowOf(item, locale, ctx.viewerId))).join('');
    written += page.items.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor && written < maxRows);
}
