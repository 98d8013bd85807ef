import type { Locale } from '#contract/locale';

/** The Intl locale of each language: French of France, English of the United Kingdom (euros, 24-hour clock). */
export const INTL_LOCALE: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB' };

/** Intl formatters are slow to build and safe to share: one per locale and options. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(INTL_LOCALE[locale], options)));
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(INTL_LOCALE[locale], options)));
  return format;
}

/** An amount in cents as people read it: "54 €", "54,50 €", "€54.50". */
export function formatPrice(cents: number, locale: Locale, currency = 'EUR'): string {
  const fraction = cents % 100 === 0 ? 0 : 2;
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: fraction,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** A VAT rate in basis points as a percentage: 2000 → "20 %", 550 → "5,5 %". */
export function formatVatRate(basisPoints: number, locale: Locale): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/** A calendar day (`YYYY-MM-DD`) in words: "lundi 30 mars 2026". Read as a date, never shifted by a zone. */
export function formatCalendarDate(
  day: string,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
): string {
  return dateFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
