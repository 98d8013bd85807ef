/** Kilograms as people read them: one decimal under 100 kg ("17,9"), whole above ("840"). */
export function formatKg(value: number, locale: string): string {
  const digits = value >= 100 ? 0 : 1;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

export function formatKm(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** An emission factor in grams per km, three significant digits ("223", "9,78"). */
export function formatGramsPerKm(kgPerKm: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 }).format(kgPerKm * 1000);
}
