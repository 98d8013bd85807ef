import type { SniffedType } from '#contract/storage';

/** A file's kind as people name it. */
const KIND_OF_TYPE: Record<SniffedType, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
};

/** Formatters are built once per language and use: building one costs more than using it many times. */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatOf<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}
const intlLocale = (locale: string) => (locale === 'fr' ? 'fr-FR' : 'en-GB');

/** "PDF · 120 ko", "PNG · 1,4 Mo" in the reader's language. */
export function describeFile(contentType: SniffedType, size: number, locale: string): string {
  const megabytes = size >= 1024 * 1024;
  const amount = formatOf(
    `${locale}|${megabytes ? 'MB' : 'kB'}`,
    () =>
      new Intl.NumberFormat(intlLocale(locale), {
        style: 'unit',
        unit: megabytes ? 'megabyte' : 'kilobyte',
        maximumFractionDigits: megabytes ? 1 : 0,
      }),
  ).format(megabytes ? size / (1024 * 1024) : Math.max(1, size / 1024));
  return `${KIND_OF_TYPE[contentType]} · ${amount}`;
}

/** A moment's calendar day, in Paris (the product's default zone), as the reader writes it. */
export function formatDay(iso: string, locale: string): string {
  return formatOf(
    `${locale}|day`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'Europe/Paris' }),
  ).format(new Date(iso));
}
