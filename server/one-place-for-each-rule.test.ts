import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A rule written once stays written once (docs/decisions/017-one-place-for-each-rule.md): the old forms of
 * rules that have one home are searched for in the sources of server/, contract/ and app/ (tests, fixtures
 * and migrations aside), and each find fails the test with its file and line. An allowance says why.
 */

const ROOT = join(import.meta.dirname, '..');
const SKIP_DIR = new Set(['node_modules', 'migrations', '+types']);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIR.has(entry.name) ? [] : sources(path);
    if (!/\.(ts|tsx)$/.test(entry.name) || /\.(test|fixtures)\.tsx?$/.test(entry.name)) return [];
    return [path];
  });
}

const FILES = ['server', 'contract', 'app'].flatMap(sources).map((path) => ({
  path: relative(ROOT, join(ROOT, path)),
  lines: readFileSync(join(ROOT, path), 'utf8').split('\n'),
}));

/** `file:line` of each line a pattern finds, outside the allowed files. */
function finds(pattern: RegExp, allowed: Record<string, string>, files = FILES): string[] {
  return files.flatMap(({ path, lines }) =>
    path in allowed
      ? []
      : lines.flatMap((line, index) => (pattern.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('one place for each rule', () => {
  it('writes status lists in SQL with statusIn, never as literals', () => {
    expect(
      finds(/\b\w*status\w*\}?\s+in\s*\(\s*'/i, {
        // Whole-enum CHECK constraints and partial indexes of tables whose lists are not shared by any
        // query yet (spaces, ads, reports, articles, done jobs, plans being billed): the schema is their home.
        'server/db/schema/spaces.ts': 'enum check',
        'server/db/schema/community.ts': 'enum checks',
        'server/db/schema/site-content.ts': 'enum check',
        'server/db/schema/jobs.ts': 'index of finished jobs',
        'server/db/schema/formulas.ts': 'index of billed plans',
        'server/db/schema/events.ts': 'check tying the waitlist position to its statuses',
        // Its comment shows the form it replaces.
        'server/db/schema/reservations.ts': 'doc comment',
        'server/db/status-sql.ts': 'doc comment',
      }),
    ).toEqual([]);
  });

  it('lists space roles only in contract/roles.ts and the policy’s rights table', () => {
    expect(
      finds(/'owner',\s*'manager'|role\w*\s+in\s*\(\s*'/i, {
        'contract/roles.ts': 'the list',
        'server/platform/policy.ts': 'SPACE_RIGHTS, the table of who may do what',
      }),
    ).toEqual([]);
  });

  it('maps a language to its Intl locale only in contract/locale.ts', () => {
    expect(
      finds(/'(fr-FR|en-GB)'/, {
        'contract/locale.ts': 'the mapping',
        // A wall clock compared with itself an hour earlier: a fixed machine format, no reader's language.
        'server/platform/calendar-times.ts': 'machine format',
      }),
    ).toEqual([]);
  });

  it('writes CSV (byte-order mark, quoting) only in server/platform/csv.ts', () => {
    expect(finds(/\\uFEFF|'""'|"""/, { 'server/platform/csv.ts': 'the writer' })).toEqual([]);
  });

  it('turns cents into euros and back only in contract/money.ts', () => {
    expect(
      finds(
        /(cents|euros?|price|amount|capital|basisPoints)\w*\)?\s*[*/]\s*100\b|[*/]\s*100\b.*(cents|euros|price)/i,
        {
          'contract/money.ts': 'the money module',
        },
      ),
    ).toEqual([]);
  });

  it('writes numbers with the shared Intl formatters (a decimal comma in French), never toFixed', () => {
    expect(finds(/\.toFixed\(|\.toPrecision\(/, {})).toEqual([]);
  });

  it('picks a plural form only in the catalog reader (contract/translator.ts), by its `count`', () => {
    expect(finds(/PluralRules/, { 'contract/translator.ts': 'the catalog reader' })).toEqual([]);
  });

  it('turns a wall-clock time of a zone into an instant only in contract/dates.ts', () => {
    // The old forms: a TZDate built from a date's parts, or the zone's offset read by hand.
    expect(
      finds(/new TZDate\([^,()]+,[^,()]+,|\btzOffset\(/, {
        'contract/dates.ts': 'wallClockInstant, the one reading',
        // Lists every start of a room's step over days: one offset per day, both passes of a repeated hour.
        'server/features/reservations/slots.ts': 'wallClockStarts',
        // The other way round: the minutes an instant shows on the space's wall clock.
        'server/features/reservations/booking-rules.ts': 'wallClockMinutes',
        // Not moved yet: app/ is another part of issue 27.
        'app/features/spaces/schedule.ts': 'instantOf, to replace by wallClockInstant',
        'app/features/admin/article-editor.tsx': 'to replace by wallClockInstant',
      }),
    ).toEqual([]);
  });

  it('reads the last day of a period whose end is excluded only through lastDayOfUse', () => {
    // The old form: the instant a millisecond before the stored end (issue 28: a validity shown a day late
    // where a page formatted the end itself).
    expect(
      finds(/getTime\(\) - 1\b|Date\.parse\([^()]*\) - 1\)/, {
        'contract/dates.ts': 'lastDayOfUse, the one reading',
      }),
    ).toEqual([]);
  });

  it('leaves the clock to the context in services', () => {
    expect(
      finds(
        /new Date\(\)/,
        {},
        FILES.filter(({ path }) => path.endsWith('.service.ts')),
      ),
    ).toEqual([]);
  });
});
