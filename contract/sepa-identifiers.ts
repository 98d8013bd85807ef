import { electronicFormatIBAN, validateIBAN, ValidationErrorsIBAN } from 'ibantools';

/**
 * The checks of the two identifiers SEPA direct debit takes from people (docs/decisions/032): a member's IBAN
 * and the space's creditor identifier (ICS). One place for both, shared by the forms and the services; pure.
 */

/** Why an identifier was refused, as the form shows it beside the field (`sepa-<reason>`, translated). */
export type IdentifierProblem = 'format' | 'country' | 'length' | 'check-digits';

/** An IBAN as typed (spaces, lower case) in its electronic form: `FR76 3000…` → `FR7630001…`. */
export function normalizeIban(typed: string): string {
  return electronicFormatIBAN(typed) ?? '';
}

/**
 * What is wrong with an IBAN (null when nothing): the country's length and format, then the check digits
 * (ISO 13616, mod 97), read by ibantools' country table; only SEPA countries are taken.
 */
export function ibanProblem(typed: string): IdentifierProblem | null {
  const iban = normalizeIban(typed);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(iban)) return 'format';
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return SEPA_COUNTRIES.has(iban.slice(0, 2)) ? null : 'country';
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return 'country';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return 'length';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return 'format';
  return 'check-digits';
}

/** An IBAN as shown once saved: its country, check digits and last four characters, `FR76 •••• 0189`. */
export function maskIban(iban: string): string {
  return iban.length < 8 ? '••••' : `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

/** The countries of the SEPA schemes (EPC list of countries and territories, 2025). */
const SEPA_COUNTRIES = new Set(
  (
    'AD AT BE BG CH CY CZ DE DK EE ES FI FR GB GI GR HR HU IE IS IT LI LT LU LV MC MT NL NO PL PT RO SE SI SK SM' +
    ' VA AL MD ME MK'
  ).split(' '),
);

/** A creditor identifier as typed in its stored form: upper case, no spaces. */
export function normalizeCreditorId(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/** A letter as ISO 7064 reads it (A = 10 … Z = 35), digits as themselves. */
function digitsOf(text: string): string {
  return [...text].map((character) => parseInt(character, 36).toString()).join('');
}

/** ISO 7064 MOD 97-10 of a string of digits, taken piece by piece so no number outgrows a double. */
function mod97(digits: string): number {
  let remainder = 0;
  for (let start = 0; start < digits.length; start += 7)
    remainder = Number(`${remainder}${digits.slice(start, start + 7)}`) % 97;
  return remainder;
}

/**
 * What is wrong with a SEPA creditor identifier (ICS), null when nothing. Its shape is the country, two check
 * digits, a three-character creditor business code and the national identifier (`FR72ZZZ123456`); the check
 * digits are ISO 7064 MOD 97-10 over the national identifier followed by the country and `00`, the business
 * code left out (EPC262-08, "Creditor Identifier Overview"). France's national part is six characters.
 */
export function creditorIdProblem(typed: string): IdentifierProblem | null {
  const id = normalizeCreditorId(typed);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id)) return 'format';
  const country = id.slice(0, 2);
  if (!SEPA_COUNTRIES.has(country)) return 'country';
  const national = id.slice(7);
  if (country === 'FR' && national.length !== 6) return 'length';
  const expected = 98 - mod97(digitsOf(`${national}${country}00`));
  return Number(id.slice(2, 4)) === expected ? null : 'check-digits';
}
