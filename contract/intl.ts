/**
 * Intl.DateTimeFormat objects are slow to build (a fraction of a millisecond each, far more than a format)
 * and safe to share: one per language tag and options, kept here. A page of 25 activity entries formats a
 * hundred dates; built afresh each time, the formatters cost more than the page's queries.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
/** Languages × zones × option sets in use stay few; the bound keeps a stray caller from growing it. */
const MAX_FORMATS = 1000;

/** The same for numbers: one per language tag and options. */
const numberFormats = new Map<string, Intl.NumberFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    if (numberFormats.size >= MAX_FORMATS) numberFormats.clear();
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= MAX_FORMATS) formats.clear();
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
