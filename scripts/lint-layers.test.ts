import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layers rule (scripts/lint-layers.mjs) as `npm run lint` runs it, with eslint.config.js's table: one
 * import in a file at a given path, and what the lint says of it.
 */
const eslint = new ESLint();

async function refusal(file: string, specifier: string): Promise<string | null> {
  const [result] = await eslint.lintText(`export * from '${specifier}';\n`, { filePath: file });
  const message = result?.messages.find((entry) => entry.ruleId === 'layers/boundaries');
  return message?.message ?? null;
}

type Boundary = { message: string; allow?: Record<string, string> };

describe('the layers the lint keeps apart', () => {
  it('refuses server/db importing anything above it', async () => {
    expect(await refusal('server/db/client.ts', '../platform/log')).toMatch(/bottom layer/);
    expect(await refusal('server/db/schema/events.ts', '../../features/events/events.service')).toMatch(
      /bottom/,
    );
    expect(await refusal('server/db/client.ts', '../demo/seed')).toMatch(/bottom layer/);
    expect(await refusal('server/db/client.ts', '../app')).toMatch(/bottom layer/);
    expect(await refusal('server/db/client.ts', './transaction')).toBeNull();
    expect(await refusal('server/db/schema/events.ts', '../rows')).toBeNull();
  });

  it('refuses the server importing the app, through a relative path or the ~ alias', async () => {
    expect(
      await refusal('server/features/activity/activity.csv.ts', '../../../app/locales/fr/activity.json'),
    ).toMatch(/never imports the app/);
    expect(await refusal('server/platform/mail-i18n.ts', '~/platform/translator')).toMatch(
      /never imports the app/,
    );
    // server/app.ts is the server's own module, not the app.
    expect(await refusal('server/main.ts', './app')).toBeNull();
    expect(await refusal('server/platform/mail-i18n.ts', '../../locales/fr/mail.json')).toBeNull();
  });

  it('refuses benchmarks importing tests', async () => {
    expect(await refusal('bench/memory.bench.ts', '../tests/support/test-database')).toMatch(/Benchmarks/);
    expect(await refusal('bench/memory.bench.ts', '../server/db/postgres-admin')).toBeNull();
  });

  it('refuses a server feature importing another', async () => {
    expect(
      await refusal('server/features/events/events.service.ts', '../reservations/booking.service'),
    ).toMatch(/imports no other feature/);
    expect(
      await refusal('server/features/events/events.service.ts', '../../features/formulas/plans.service'),
    ).toMatch(/imports no other feature/);
    expect(await refusal('server/features/events/events.service.ts', './event-view')).toBeNull();
    expect(await refusal('server/features/events/events.service.ts', '../../platform/policy')).toBeNull();
    expect(
      await refusal('server/features/invoices/invoices.service.ts', '../formulas/plans.service'),
    ).toMatch(/imports no other feature/);
  });

  it('refuses an app feature importing another, through the ~ alias or a relative path', async () => {
    expect(
      await refusal('app/features/events/office/events-office.tsx', '~/features/back-office/section'),
    ).toMatch(/app feature imports no other feature/);
    expect(await refusal('app/features/spaces/space-page.tsx', '../formulas/space-formulas')).toMatch(
      /app feature imports no other feature/,
    );
    expect(await refusal('app/features/events/office/events-office.tsx', '../upcoming-events')).toBeNull();
    expect(await refusal('app/features/events/event-page.tsx', '~/ui/section')).toBeNull();
    // A route composes features' panels.
    expect(await refusal('app/routes/space-page.tsx', '~/features/events/upcoming-events')).toBeNull();
  });

  it('refuses the platform and features importing demo data, which the server loads on top', async () => {
    expect(await refusal('server/platform/activity.ts', '../features/activity/activity.service')).toMatch(
      /platform/,
    );
    expect(await refusal('server/features/spaces/spaces.service.ts', '../../demo/demo-spaces')).toMatch(
      /demo/,
    );
    expect(await refusal('server/main.ts', './demo/seed')).toBeNull();
  });

  it('leaves services one writer of the activity log: logActivity, not the low-level insert', async () => {
    const [result] = await eslint.lintText(
      "import { recordActivity } from '../../platform/activity';\nexport const writer = recordActivity;\n",
      { filePath: 'server/features/events/events.service.ts' },
    );
    expect(result?.messages.map((entry) => entry.ruleId)).toContain('no-restricted-imports');
    const [test] = await eslint.lintText(
      "import { recordActivity } from '../../platform/activity';\nexport const writer = recordActivity;\n",
      { filePath: 'server/features/events/events.test.ts' },
    );
    expect(test?.messages.map((entry) => entry.ruleId)).not.toContain('no-restricted-imports');
  });

  it('leaves tests and test fixtures free to cross them', async () => {
    expect(
      await refusal('server/features/events/events.test.ts', '../reservations/reservations.fixtures'),
    ).toBeNull();
    expect(
      await refusal('server/features/invoices/invoices.fixtures.ts', '../formulas/formulas.callables'),
    ).toBeNull();
  });

  it('lets no pair through: every boundary holds without exceptions', async () => {
    const config = (await eslint.calculateConfigForFile('server/db/client.ts')) as {
      rules: Record<string, [unknown, Boundary[]]>;
    };
    const boundaries = config.rules['layers/boundaries']![1];
    expect(boundaries.length).toBeGreaterThan(0);
    expect(boundaries.flatMap((boundary) => Object.entries(boundary.allow ?? {}))).toEqual([]);
  });
});
