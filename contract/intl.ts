/**
 * Intl.DateTimeFormat objects are slow to build (a fraction of a millisecond each, far more than a format)
 * and safe to share: one per language tag and options, kept here. A page of 25 activity entries formats a
 * hundred dates; built afresh each time, the formatters cost more than the page's queries.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
/** Languages × zones × option sets in use stay few; the bound keeps a stray caller from growing it. */
const MAX_FORMATS = 1000;

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
