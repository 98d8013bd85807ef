// @databases pglite
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inclVat } from '#contract/money';
import { priceBooking, type RoomPricesExclVat } from '#contract/pricing';
import { testDatabaseForFile } from '../../tests/support/test-database';
import { rowsOf } from './rows';
import { priceExclVatSql, withVatSql } from './schema/rooms';

const database = testDatabaseForFile();

/** Rooms with every combination of prices a manager can set, and the VAT rates French law uses. */
const PRICES: RoomPricesExclVat[] = [
  { hourlyPriceCents: 2500, halfDayPriceCents: 8000, dayPriceCents: 14_000 },
  { hourlyPriceCents: null, halfDayPriceCents: 1500, dayPriceCents: 2500 },
  { hourlyPriceCents: 1800, halfDayPriceCents: null, dayPriceCents: null },
  { hourlyPriceCents: null, halfDayPriceCents: null, dayPriceCents: 32_000 },
  { hourlyPriceCents: 4000, halfDayPriceCents: 14_000, dayPriceCents: 25_000 },
  { hourlyPriceCents: 1, halfDayPriceCents: 3, dayPriceCents: null },
  { hourlyPriceCents: 1333, halfDayPriceCents: null, dayPriceCents: 9999 },
  { hourlyPriceCents: null, halfDayPriceCents: null, dayPriceCents: null },
];
const VAT_RATES = [0, 210, 550, 1000, 2000];
const LENGTHS = [15, 30, 60, 61, 90, 150, 180, 239, 240, 241, 300, 480, 600, 1440];

/** What PostgreSQL answers for one room, one length: the price excluding and including VAT. */
async function priceInSql(prices: RoomPricesExclVat, vatRate: number, minutes: number) {
  const [row] = await rowsOf<{ excl: number | null; incl: number | null }>(
    database.db,
    sql`SELECT ${priceExclVatSql(sql`${minutes}::int`)}::int AS excl,
          ${withVatSql(priceExclVatSql(sql`${minutes}::int`))} AS incl
        FROM (SELECT ${prices.hourlyPriceCents}::int AS hourly_price_cents,
          ${prices.halfDayPriceCents}::int AS half_day_price_cents,
          ${prices.dayPriceCents}::int AS day_price_cents, ${vatRate}::int AS vat_rate_basis_points) AS room`,
  );
  return { excl: row?.excl ?? null, incl: row?.incl ?? null };
}

describe('the price of a booking, in SQL and in TypeScript', () => {
  it('is the same in PostgreSQL as priceBooking for every room, VAT rate and length of the table', async () => {
    const differences: string[] = [];
    for (const prices of PRICES) {
      for (const vatRate of VAT_RATES) {
        for (const minutes of LENGTHS) {
          const expected = priceBooking({ ...prices, vatRateBasisPoints: vatRate }, minutes);
          const actual = await priceInSql(prices, vatRate, minutes);
          const wanted = { excl: expected?.exclVatCents ?? null, incl: expected?.totalCents ?? null };
          if (actual.excl !== wanted.excl || actual.incl !== wanted.incl) {
            differences.push(
              `${JSON.stringify(prices)} ${vatRate} bp ${minutes} min: ${JSON.stringify(actual)}`,
            );
          }
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('rounds VAT to the cent the same way, halves away from zero', async () => {
    // 1 cent at 5.5 % is 0.055 cent of VAT (none); 10 cents, 0.55 (one); 2 cents at 25 %, exactly a half.
    for (const [excl, rate, incl] of [
      [1, 550, 1],
      [10, 550, 11],
      [1250, 2000, 1500],
      [3333, 2000, 4000],
      [25, 2000, 30],
      [2, 2500, 3],
    ] as const) {
      expect(inclVat(excl, rate)).toBe(incl);
      const [row] = await rowsOf<{ incl: number }>(
        database.db,
        sql`SELECT ${withVatSql(sql`${excl}::int`)} AS incl FROM (SELECT ${rate}::int AS vat_rate_basis_points) AS room`,
      );
      expect(row?.incl).toBe(incl);
    }
  });
});

describe('priceBooking', () => {
  const room = {
    hourlyPriceCents: 2500,
    halfDayPriceCents: 8000,
    dayPriceCents: 14_000,
    vatRateBasisPoints: 2000,
  };

  it('takes the cheapest price that covers the length, and says which', () => {
    expect(priceBooking(room, 60)).toMatchObject({ basis: 'hourly', exclVatCents: 2500, totalCents: 3000 });
    expect(priceBooking(room, 180)).toMatchObject({ basis: 'hourly', exclVatCents: 7500 });
    expect(priceBooking(room, 210)).toMatchObject({ basis: 'half_day', exclVatCents: 8000 });
    expect(priceBooking(room, 300)).toMatchObject({ basis: 'hourly', exclVatCents: 12_500 });
    expect(priceBooking(room, 420)).toMatchObject({ basis: 'day', exclVatCents: 14_000 });
    expect(priceBooking({ ...room, halfDayPriceCents: null, dayPriceCents: null }, 300)).toMatchObject({
      exclVatCents: 12_500,
    });
  });

  it('counts every started hour and has no price when no basis covers the length', () => {
    expect(priceBooking(room, 61)?.exclVatCents).toBe(5000);
    expect(priceBooking({ ...room, hourlyPriceCents: null, dayPriceCents: null }, 300)).toBeNull();
  });

  it('splits the total into the net amount and its VAT', () => {
    expect(priceBooking({ ...room, vatRateBasisPoints: 550 }, 60)).toMatchObject({
      exclVatCents: 2500,
      vatCents: 138,
      totalCents: 2638,
      currency: 'EUR',
    });
  });
});
