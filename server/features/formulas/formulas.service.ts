import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import type { TFormula, TFormulaForm } from '#contract/formulas';
import type { ActivationMoment } from '#contract/formulas.plain';
import { formulas, spaceSalesSettings } from '../../db/schema/formulas';
import { spaces } from '../../db/schema/spaces';
import { spaceSummaryColumns } from '../../db/space-summary';
import { changesBetween } from '../../platform/activity';
import { may, requireRight } from '../../platform/policy';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { salesSettingsOf, toFormula, type FormulaRow, type SalesSettings } from './formula-view';

/**
 * The catalogue of formulas: what the public sees (active formulas of published spaces) and what owners and
 * managers change (docs/decisions/021-formulas-and-credit-ledger.md).
 */

const notFound = (id: string) => new AppError('not-found', `No formula ${id}`);

export async function formulaWithSpace(ctx: ServiceContext, id: string) {
  const [row] = await ctx.db
    .select({
      formula: formulas,
      space: { ...spaceSummaryColumns, status: spaces.status },
    })
    .from(formulas)
    .innerJoin(spaces, eq(spaces.id, formulas.spaceId))
    .where(eq(formulas.id, id));
  return row ?? null;
}

/** A formula's public page: active in a published space, or any of the caller's own spaces for its managers. */
export async function getFormula(ctx: ServiceContext, id: string) {
  const row = await formulaWithSpace(ctx, id);
  if (!row) throw notFound(id);
  const visible = row.space.status === 'published' && row.formula.status === 'active';
  if (!visible && !(await may(ctx, 'preview', row.space.id))) throw notFound(id);
  const { status: _status, ...space } = row.space;
  return { formula: toFormula(row.formula), space, settings: await salesSettingsOf(ctx.db, row.space.id) };
}

export async function listSpaceFormulas(ctx: ServiceContext, spaceId: string): Promise<TFormula[]> {
  const rows = await ctx.db
    .select({ formula: formulas })
    .from(formulas)
    .innerJoin(spaces, eq(spaces.id, formulas.spaceId))
    .where(and(eq(formulas.spaceId, spaceId), eq(formulas.status, 'active'), eq(spaces.status, 'published')))
    .orderBy(asc(formulas.position), asc(formulas.createdAt));
  return rows.map((row) => toFormula(row.formula));
}

export async function listManagedFormulas(ctx: ServiceContext, spaceId: string) {
  await requireRight(ctx, 'manage', spaceId);
  const rows = await ctx.db
    .select()
    .from(formulas)
    .where(eq(formulas.spaceId, spaceId))
    .orderBy(asc(formulas.status), asc(formulas.position), asc(formulas.createdAt));
  return { formulas: rows.map(toFormula), settings: await salesSettingsOf(ctx.db, spaceId) };
}

function columnsOf(form: TFormulaForm) {
  return {
    kind: form.kind,
    nameFr: form.nameFr,
    nameEn: form.nameEn,
    descriptionFr: form.descriptionFr,
    descriptionEn: form.descriptionEn,
    priceExclVatCents: form.priceExclVatCents,
    vatRateBasisPoints: form.vatRateBasisPoints,
    roomKinds: [...new Set(form.roomKinds)] as string[],
    creditUnit:
      form.kind === 'membership' ? 'minutes' : form.kind === 'day_pass' ? 'entries' : form.creditUnit,
    creditAmount: form.kind === 'day_pass' ? 1 : form.creditAmount,
    validityDays: form.kind === 'pack' ? form.validityDays : null,
    period: form.kind === 'membership' ? form.period : null,
    rollover: form.kind === 'membership' ? form.rollover : 'none',
    perMemberLimit: form.perMemberLimit,
  } as const;
}

function formulaEntry(
  work: WorkContext,
  row: FormulaRow,
  kind: 'formula.created' | 'formula.updated' | 'formula.archived' | 'formula.restored',
  changes = {},
) {
  return logActivity(work, {
    kind,
    subject: { type: 'formula', id: row.id },
    spaceId: row.spaceId,
    changes,
    details: { formulaName: row.nameFr, formulaNameEn: row.nameEn, formulaKind: row.kind },
  });
}

export async function createFormula(ctx: ServiceContext, input: { spaceId: string; formula: TFormulaForm }) {
  await requireRight(ctx, 'manage', input.spaceId);
  return unitOfWork(ctx, async (work) => {
    const [{ position }] = (await work.db
      .select({ position: sql<number>`coalesce(max(${formulas.position}), -1)::int + 1` })
      .from(formulas)
      .where(eq(formulas.spaceId, input.spaceId))) as [{ position: number }];
    const [row] = await work.db
      .insert(formulas)
      .values({ spaceId: input.spaceId, position, ...columnsOf(input.formula) })
      .returning();
    await formulaEntry(work, row!, 'formula.created');
    return toFormula(row!);
  });
}

const TRACKED = [
  'nameFr',
  'nameEn',
  'descriptionFr',
  'descriptionEn',
  'priceExclVatCents',
  'vatRateBasisPoints',
  'roomKinds',
  'creditUnit',
  'creditAmount',
  'validityDays',
  'period',
  'rollover',
  'perMemberLimit',
  'kind',
] as const;

async function managedFormula(ctx: ServiceContext, id: string): Promise<FormulaRow> {
  const [row] = await ctx.db.select().from(formulas).where(eq(formulas.id, id));
  if (!row) throw notFound(id);
  if (!(await may(ctx, 'manage', row.spaceId))) {
    // Someone who may not see it is told it does not exist, unless it is public.
    if (row.status === 'active')
      throw new AppError('permission-denied', 'Only the managers of the space may do this');
    throw notFound(id);
  }
  return row;
}

/** Changes the formula for what is sold from now on; what members hold keeps the terms they bought. */
export async function updateFormula(
  ctx: ServiceContext,
  input: { formulaId: string; formula: TFormulaForm },
) {
  await managedFormula(ctx, input.formulaId);
  return unitOfWork(ctx, async (work) => {
    const [before] = await work.db
      .select()
      .from(formulas)
      .where(eq(formulas.id, input.formulaId))
      .for('update');
    const [after] = await work.db
      .update(formulas)
      .set({ ...columnsOf(input.formula), updatedAt: work.now })
      .where(eq(formulas.id, input.formulaId))
      .returning();
    const changes = changesBetween(before!, after!, TRACKED);
    if (Object.keys(changes).length) await formulaEntry(work, after!, 'formula.updated', changes);
    return toFormula(after!);
  });
}

/** Stops (or resumes) selling a formula; plans already held go on as bought. */
export async function setFormulaArchived(
  ctx: ServiceContext,
  input: { formulaId: string; archived: boolean },
) {
  await managedFormula(ctx, input.formulaId);
  const status = input.archived ? 'archived' : 'active';
  return unitOfWork(ctx, async (work) => {
    const [row] = await work.db
      .update(formulas)
      .set({ status, updatedAt: work.now })
      .where(and(eq(formulas.id, input.formulaId), sql`${formulas.status} <> ${status}`))
      .returning();
    if (!row) {
      const [same] = await work.db.select().from(formulas).where(eq(formulas.id, input.formulaId));
      return toFormula(same!);
    }
    await formulaEntry(work, row, input.archived ? 'formula.archived' : 'formula.restored', {
      status: { before: input.archived ? 'active' : 'archived', after: status },
    });
    return toFormula(row);
  });
}

export async function updateSalesSettings(
  ctx: ServiceContext,
  input: {
    spaceId: string;
    activation: ActivationMoment;
    graceDays: number;
    pauseAllowed?: boolean;
    pauseMaxDays?: number;
    pauseNoticeDays?: number;
  },
): Promise<SalesSettings> {
  await requireRight(ctx, 'manage', input.spaceId);
  return unitOfWork(ctx, async (work) => {
    const before = await salesSettingsOf(work.db, input.spaceId);
    // The pause rules stay as they are when the caller leaves them out.
    const after: SalesSettings = {
      spaceId: input.spaceId,
      activation: input.activation,
      graceDays: input.graceDays,
      pauseAllowed: input.pauseAllowed ?? before.pauseAllowed,
      pauseMaxDays: input.pauseMaxDays ?? before.pauseMaxDays,
      pauseNoticeDays: input.pauseNoticeDays ?? before.pauseNoticeDays,
    };
    const { spaceId: _spaceId, ...values } = after;
    await work.db
      .insert(spaceSalesSettings)
      .values({ ...after, updatedAt: work.now })
      .onConflictDoUpdate({
        target: spaceSalesSettings.spaceId,
        set: { ...values, updatedAt: work.now },
      });
    const changes = changesBetween(before, after, [
      'activation',
      'graceDays',
      'pauseAllowed',
      'pauseMaxDays',
      'pauseNoticeDays',
    ]);
    if (Object.keys(changes).length) {
      await logActivity(work, {
        kind: 'sales_settings.changed',
        subject: { type: 'space', id: input.spaceId },
        spaceId: input.spaceId,
        changes,
      });
    }
    return after;
  });
}
