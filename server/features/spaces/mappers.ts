import type { Locale } from '#contract/locale';
import { photoUrl, type TPhoto } from '#contract/photos';
import { inclVat } from '#contract/money';
import type { TRoomPrices } from '#contract/rooms';

/** The text in the page's language, or in the other one when a manager wrote only one. */
export function localized(locale: Locale, fr: string, en: string): string {
  const [wanted, other] = locale === 'en' ? [en, fr] : [fr, en];
  return wanted.trim() ? wanted : other;
}

export function photoOf(
  row: { id: string; fileKey: string; altFr: string; altEn: string },
  locale: Locale,
): TPhoto {
  return { id: row.id, url: photoUrl(row.fileKey), alt: localized(locale, row.altFr, row.altEn) };
}

/** PostgreSQL `time` (`09:30:00`) as the contract's `HH:MM`. */
export function clockOf(time: string): string {
  return time.slice(0, 5);
}

export function roomPricesOf(row: {
  hourlyPriceCents: number | null;
  halfDayPriceCents: number | null;
  dayPriceCents: number | null;
  vatRateBasisPoints: number;
  fromPriceInclVatCents: number | null;
}): TRoomPrices {
  const gross = (net: number | null) => (net === null ? null : inclVat(net, row.vatRateBasisPoints));
  return {
    currency: 'EUR',
    vatRateBasisPoints: row.vatRateBasisPoints,
    hourlyCents: gross(row.hourlyPriceCents),
    halfDayCents: gross(row.halfDayPriceCents),
    dayCents: gross(row.dayPriceCents),
    fromCents: row.fromPriceInclVatCents,
    exclVat: {
      hourlyCents: row.hourlyPriceCents,
      halfDayCents: row.halfDayPriceCents,
      dayCents: row.dayPriceCents,
    },
  };
}

export function isoOf(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
