import { describe, expect, it } from 'vitest';
import { creditorIdProblem, ibanProblem, maskIban, normalizeIban } from './sepa-identifiers';
import { EPC_ID, sepaEndToEndId } from './sepa.plain';

describe('IBAN', () => {
  it('takes valid IBANs of SEPA countries as typed, with spaces and in lower case', () => {
    for (const iban of ['FR76 3000 6000 0112 3456 7890 189', 'de89370400440532013000', 'NL91ABNA0417164300'])
      expect(ibanProblem(iban)).toBeNull();
    expect(normalizeIban('fr76 3000 6000 0112 3456 7890 189')).toBe('FR7630006000011234567890189');
  });

  it('refuses wrong check digits, a wrong length for the country, a country outside SEPA, and garbage', () => {
    expect(ibanProblem('FR7630006000011234567890188')).toBe('check-digits');
    expect(ibanProblem('FR7730006000011234567890189')).toBe('check-digits');
    expect(ibanProblem('FR76300060000112345678901')).toBe('length');
    expect(ibanProblem('BR1800360305000010009795493C1')).toBe('country');
    expect(ibanProblem('not an iban')).toBe('format');
  });

  it('shows an IBAN masked: its country, check digits and last four characters', () => {
    expect(maskIban('FR7630006000011234567890189')).toBe('FR76 •••• 0189');
  });
});

describe('creditor identifier (ICS)', () => {
  it('checks ISO 7064 MOD 97-10 over the national identifier and country, the business code left out', () => {
    expect(creditorIdProblem('FR72ZZZ123456')).toBeNull();
    expect(creditorIdProblem('fr72 abc 123456')).toBeNull();
    expect(creditorIdProblem('DE98ZZZ09999999999')).toBeNull();
    expect(creditorIdProblem('FR73ZZZ123456')).toBe('check-digits');
    expect(creditorIdProblem('FR72ZZZ123457')).toBe('check-digits');
    expect(creditorIdProblem('FR72ZZZ12345')).toBe('length');
    expect(creditorIdProblem('US72ZZZ123456')).toBe('country');
    expect(creditorIdProblem('123456')).toBe('format');
  });
});

describe('end-to-end id', () => {
  it('is the invoice number and the attempt, within the EPC identifier rules', () => {
    expect(sepaEndToEndId('F-2027-000123', 1)).toBe('F-2027-000123-1');
    expect(sepaEndToEndId('F-2027-000123', 2)).toMatch(EPC_ID);
    expect(() => sepaEndToEndId('F-2027-000123', 0)).toThrow(RangeError);
  });
});
