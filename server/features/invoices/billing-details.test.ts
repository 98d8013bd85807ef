// @databases pglite
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#contract/errors';
import { billingDetailsGaps, CONSUMER_ADDRESS_THRESHOLD_CENTS } from '#contract/invoices.plain';
import { codeOf, featureTestFile } from '../../../tests/support/feature-test-file';
import { rowsOf } from '../../db/rows';
import { EMPTY_BILLING } from '../../billing/parties';
import { issueInvoice } from '../../billing/invoicing';
import { unitOfWork } from '../../platform/service-context';
import { localInstant } from '../reservations/reservations.fixtures';
import {
  ALWAYS_OPEN,
  addRole,
  insertPerson,
  insertRoom,
  insertSpace,
  type TestPerson,
} from '../../db/factories.fixtures';
import { insertFormula, setActivation } from '../formulas/formulas.fixtures';
import { CONSUMER_ADDRESS, giveBillingDetails, invoicesRouter, setLegalIdentity } from './invoices.fixtures';

/**
 * Billing details asked for when an invoice needs them (issue 28): a business buyer's name, address and
 * SIREN on every invoice, a consumer's address above the simplified-invoice threshold (150 € excl. VAT),
 * checked when the member buys or books, before anything is sold; and the lists saying what each invoice is for.
 */
const { database, call, system } = featureTestFile(invoicesRouter, '2027-03-10T10:00');
let spaceId: string;
let manager: TestPerson;

beforeAll(async () => {
  spaceId = await insertSpace(database.db, { hours: ALWAYS_OPEN });
  await setLegalIdentity(database.db, spaceId);
  await setActivation(database.db, spaceId, 'purchase');
  manager = await insertPerson(database.db);
  await addRole(database.db, spaceId, manager.id, 'manager');
});

const buy = (buyer: TestPerson, formulaId: string) =>
  call<{ order: { id: string } }>(buyer, 'formulas.buy', {
    formulaId,
    paymentMethod: 'bank_transfer',
    idempotencyKey: randomUUID(),
  });

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, ...error.details };
    throw error;
  }
  return null;
}

const invoicesOf = (buyer: TestPerson) =>
  rowsOf<{ buyer: Record<string, string>; label: string }>(
    database.db,
    sql`SELECT i.buyer, l.label FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
        WHERE i.buyer_user_id = ${buyer.id} ORDER BY i.chain_position`,
  );

describe('the rule', () => {
  const consumer = { ...EMPTY_BILLING };
  const business = { ...EMPTY_BILLING, businessName: 'Analytical Engines SARL' };

  it('asks a consumer for nothing up to the threshold, and for the whole address above it', () => {
    expect(billingDetailsGaps(consumer, CONSUMER_ADDRESS_THRESHOLD_CENTS)).toEqual([]);
    expect(billingDetailsGaps(consumer, CONSUMER_ADDRESS_THRESHOLD_CENTS + 1)).toEqual([
      'addressLine',
      'postcode',
      'city',
    ]);
    expect(billingDetailsGaps({ ...consumer, ...CONSUMER_ADDRESS }, 1_000_000)).toEqual([]);
  });

  it('wants an address whole once part of it is given', () => {
    expect(billingDetailsGaps({ ...consumer, city: 'Lyon' })).toEqual(['addressLine', 'postcode']);
  });

  it('asks a business for its name, address and, in France, its SIREN whatever the amount', () => {
    expect(billingDetailsGaps(business, 100)).toEqual(['addressLine', 'postcode', 'city', 'siren']);
    expect(billingDetailsGaps({ ...EMPTY_BILLING, vatNumber: 'BE0123456789', country: 'BE' })).toEqual([
      'addressLine',
      'postcode',
      'city',
      'businessName',
    ]);
    expect(billingDetailsGaps({ ...business, ...CONSUMER_ADDRESS, siren: '987654321' }, 100)).toEqual([]);
  });
});

describe('saving billing details', () => {
  it('refuses a business without its SIREN or address, each beside its field', async () => {
    const member = await insertPerson(database.db);
    const refusal = await refusalOf(
      call(member, 'billing.update', { ...EMPTY_BILLING, businessName: 'Analytical Engines SARL' }),
    );
    expect(refusal).toMatchObject({ code: 'invalid-argument' });
    expect((refusal as { fields: { path: string; message: string }[] }).fields).toEqual(
      expect.arrayContaining([
        { path: 'addressLine', message: 'billing-addressLine' },
        { path: 'siren', message: 'billing-siren' },
      ]),
    );
    expect(
      await codeOf(
        call(member, 'billing.update', {
          ...EMPTY_BILLING,
          ...CONSUMER_ADDRESS,
          businessName: 'Analytical Engines SARL',
          siren: '987654321',
        }),
      ),
    ).toBe('ok');
  });
});

describe('a sale that will be invoiced', () => {
  it('refuses a consumer’s purchase above the threshold until they give their address, then invoices it there', async () => {
    const formulaId = await insertFormula(database.db, spaceId, { priceExclVatCents: 30000 });
    const member = await insertPerson(database.db);
    expect(await refusalOf(buy(member, formulaId))).toMatchObject({
      code: 'failed-precondition',
      reason: 'billing-details-missing',
      missing: ['addressLine', 'postcode', 'city'],
    });
    // Nothing was sold: no plan, no order, no invoice number taken.
    expect(await rowsOf(database.db, sql`SELECT 1 FROM plans WHERE user_id = ${member.id}`)).toHaveLength(0);
    await call(member, 'billing.update', { ...EMPTY_BILLING, ...CONSUMER_ADDRESS });
    await buy(member, formulaId);
    const [invoice] = await invoicesOf(member);
    expect(invoice!.buyer).toMatchObject({
      addressLine: '3 rue des Machines',
      postcode: '69001',
      city: 'Lyon',
    });
  });

  it('sells a consumer a small pack below the threshold without an address', async () => {
    const formulaId = await insertFormula(database.db, spaceId, {
      priceExclVatCents: 2500,
    });
    const member = await insertPerson(database.db);
    expect(await codeOf(buy(member, formulaId))).toBe('ok');
    expect(await invoicesOf(member)).toHaveLength(1);
  });

  it('refuses a business’s booking at price without its SIREN; a space that invoices nothing asks nothing', async () => {
    const member = await insertPerson(database.db);
    await giveBillingDetails(database.db, member.id, {
      ...CONSUMER_ADDRESS,
      businessName: 'Analytical Engines',
    });
    const book = async (space: string) =>
      call(member, 'reservations.create', {
        roomId: await insertRoom(database.db, space),
        startsAt: localInstant('2027-03-20T09:00'),
        endsAt: localInstant('2027-03-20T10:00'),
        attendees: 1,
        title: '',
        idempotencyKey: randomUUID(),
      });
    expect(await refusalOf(book(spaceId))).toMatchObject({
      reason: 'billing-details-missing',
      missing: ['siren'],
    });
    expect(await codeOf(book(await insertSpace(database.db, { hours: ALWAYS_OPEN })))).toBe('ok');
  });

  it('writes an English buyer’s invoice lines with the formula’s English name', async () => {
    const formulaId = await insertFormula(database.db, spaceId, {
      nameFr: 'Pass journée',
      nameEn: 'Day pass',
      priceExclVatCents: 2500,
    });
    const english = await insertPerson(database.db, { locale: 'en' });
    const french = await insertPerson(database.db, { locale: 'fr' });
    await buy(english, formulaId);
    await buy(french, formulaId);
    expect((await invoicesOf(english)).map((invoice) => invoice.label)).toEqual(['Day pass']);
    expect((await invoicesOf(french)).map((invoice) => invoice.label)).toEqual(['Pass journée']);
  });
});

describe('the lists', () => {
  it('say what each document is for: its first line and how many follow', async () => {
    const formulaId = await insertFormula(database.db, spaceId, {
      nameFr: 'Pass du lundi',
      priceExclVatCents: 2500,
    });
    const member = await insertPerson(database.db);
    await buy(member, formulaId);
    const mine = await call<{ invoices: { firstLine: string; otherLines: number }[] }>(
      member,
      'invoices.listMine',
      {},
    );
    expect(mine.invoices).toMatchObject([{ firstLine: 'Pass du lundi', otherLines: 0 }]);
    const space = await call<{ invoices: { buyerName: string; firstLine: string }[] }>(
      manager,
      'invoices.listSpace',
      { spaceId },
    );
    expect(space.invoices.map((invoice) => invoice.firstLine)).toContain('Pass du lundi');
    await unitOfWork(system(), (work) =>
      issueInvoice(
        work,
        {
          spaceId,
          buyerUserId: member.id,
          lines: ['Salle A', 'Café', 'Parking'].map((label) => ({
            label,
            quantity: 1,
            unitExclVatCents: 1000,
            vatRateBasisPoints: 2000,
          })),
          serviceStart: '2027-03-10',
          serviceEnd: '2027-03-10',
        },
        'explicit',
      ),
    );
    const after = await call<{ invoices: { firstLine: string; otherLines: number }[] }>(
      member,
      'invoices.listMine',
      {},
    );
    // Both issued at the file's fixed instant: found by what they are for, not by their order.
    expect(after.invoices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ firstLine: 'Salle A', otherLines: 2 }),
        expect.objectContaining({ firstLine: 'Pass du lundi', otherLines: 0 }),
      ]),
    );
  });
});
