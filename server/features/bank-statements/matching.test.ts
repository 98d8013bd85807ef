import { describe, expect, it } from 'vitest';
import { indexInvoices, invoiceNumbersIn, matchTransfer, nameWords, type OpenInvoice } from './matching';

/** Matching transfers to open invoices (docs/decisions/033), without a database. */

const invoice = (sequence: number, dueCents: number, ...buyerNames: string[]): OpenInvoice => ({
  id: `invoice-${sequence}`,
  number: `F-2027-${String(sequence).padStart(6, '0')}`,
  dueCents,
  buyerNames,
});

const open = () =>
  indexInvoices([
    invoice(1, 12000, 'Camille Martin'),
    invoice(2, 12000, 'Camille Martin'),
    invoice(3, 5000, 'Hugo Bernard', 'Atelier Bernard SARL'),
    invoice(4, 10000, 'Léa Dubois'),
    invoice(5, 14000, 'Léa Dubois'),
    invoice(6, 7700, 'Noé Petit'),
  ]);

const transfer = (amountCents: number, counterpartyName: string, remittance = '') => ({
  amountCents,
  counterpartyName,
  remittance,
});

describe('reading names and numbers', () => {
  it('finds invoice numbers however the payer wrote them', () => {
    expect(invoiceNumbersIn('Fact F-2027-000001, f2027-2 et F 2027 000003; F.2027.4 REF2027-9')).toEqual([
      'F-2027-000001',
      'F-2027-000002',
      'F-2027-000003',
      'F-2027-000004',
    ]);
  });

  it('compares names without accents, case, order or civility', () => {
    expect(nameWords('MME DUBOIS LÉA')).toEqual(nameWords('Léa Dubois'));
    expect(nameWords('Atelier Bernard SARL')).toEqual(['atelier', 'bernard']);
  });
});

describe('matching transfers', () => {
  it('settles an exact match named by its number', () => {
    expect(matchTransfer(open(), transfer(12000, 'Someone else', 'F-2027-000002'))).toEqual({
      outcome: 'settled',
      note: 'exact',
      allocations: [{ invoiceId: 'invoice-2', amountCents: 12000 }],
    });
  });

  it('settles both invoices a transfer names when it pays both', () => {
    expect(matchTransfer(open(), transfer(24000, 'Léa Dubois', 'F2027-4 ET F2027-5'))).toEqual({
      outcome: 'settled',
      note: 'exact',
      allocations: [
        { invoiceId: 'invoice-4', amountCents: 10000 },
        { invoiceId: 'invoice-5', amountCents: 14000 },
      ],
    });
  });

  it('records a partial payment of the one invoice named, and proposes a split of two', () => {
    expect(matchTransfer(open(), transfer(4000, 'Léa Dubois', 'F-2027-000004'))).toEqual({
      outcome: 'settled',
      note: 'partial',
      allocations: [{ invoiceId: 'invoice-4', amountCents: 4000 }],
    });
    expect(matchTransfer(open(), transfer(15000, 'Léa Dubois', 'F-2027-000004 F-2027-000005'))).toEqual({
      outcome: 'proposed',
      note: 'less-than-named',
      options: [
        [
          { invoiceId: 'invoice-4', amountCents: 10000 },
          { invoiceId: 'invoice-5', amountCents: 5000 },
        ],
      ],
    });
  });

  it('proposes what is due when a transfer pays more than the invoice named', () => {
    expect(matchTransfer(open(), transfer(8000, 'Noé Petit', 'F-2027-000006'))).toEqual({
      outcome: 'proposed',
      note: 'more-than-due',
      options: [[{ invoiceId: 'invoice-6', amountCents: 7700 }]],
    });
  });

  it('settles by payer and amount when only one invoice fits, a business by its name too', () => {
    expect(matchTransfer(open(), transfer(5000, 'ATELIER BERNARD'))).toMatchObject({
      outcome: 'settled',
      note: 'payer-and-amount',
      allocations: [{ invoiceId: 'invoice-3', amountCents: 5000 }],
    });
    expect(matchTransfer(open(), transfer(14000, 'M. DUBOIS LEA'))).toMatchObject({
      outcome: 'settled',
      allocations: [{ invoiceId: 'invoice-5', amountCents: 14000 }],
    });
  });

  it('only proposes when the payer has two invoices of that amount (an ambiguous payer)', () => {
    expect(matchTransfer(open(), transfer(12000, 'MME CAMILLE MARTIN'))).toEqual({
      outcome: 'proposed',
      note: 'several-candidates',
      options: [
        [{ invoiceId: 'invoice-1', amountCents: 12000 }],
        [{ invoiceId: 'invoice-2', amountCents: 12000 }],
      ],
    });
  });

  it('proposes on the amount alone or the payer alone, and lists the rest as not matched', () => {
    expect(matchTransfer(open(), transfer(7700, 'Unknown Person'))).toMatchObject({
      outcome: 'proposed',
      note: 'amount-only',
    });
    expect(matchTransfer(open(), transfer(999, 'Hugo Bernard'))).toMatchObject({
      outcome: 'proposed',
      note: 'payer-only',
      options: [[{ invoiceId: 'invoice-3', amountCents: 999 }]],
    });
    expect(matchTransfer(open(), transfer(31, 'Unknown Person'))).toEqual({
      outcome: 'unmatched',
      note: 'no-match',
    });
  });

  it('does not settle an invoice twice within one statement', () => {
    const index = open();
    expect(matchTransfer(index, transfer(7700, 'Noé Petit', 'F-2027-000006')).outcome).toBe('settled');
    expect(matchTransfer(index, transfer(7700, 'Noé Petit', 'F-2027-000006'))).toEqual({
      outcome: 'unmatched',
      note: 'already-paid',
    });
  });
});
