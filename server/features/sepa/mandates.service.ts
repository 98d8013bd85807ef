import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { todayIn } from '#contract/dates';
import { AppError, refused } from '#contract/errors';
import type { TMandate, TMandateSpace, TMemberMandate } from '#contract/sepa';
import { maskIban } from '#contract/sepa-identifiers';
import { rowsOf } from '../../db/rows';
import { sepaMandates } from '../../db/schema/sepa';
import { findSpaceSummary } from '../../db/space-summary';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { enqueueJob } from '../../platform/jobs';
import { requireRight, requireSignedIn } from '../../platform/policy';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { creditorOf } from './creditor';
import { mandateMailJob, mandateTextOf } from './sepa-mails';
import { mailTranslator } from '../../platform/translations';

/**
 * Members' SEPA mandates (docs/decisions/032): signed online, changed by a new version the member signs again,
 * revoked by a final version. The database keeps every version and refuses any edit (migration 0051).
 */

export type MandateRow = typeof sepaMandates.$inferSelect;

export function toMandate(row: MandateRow): TMandate {
  return {
    id: row.id,
    reference: row.reference,
    version: row.version,
    status: row.status,
    debtorName: row.debtorName,
    maskedIban: maskIban(row.iban),
    signedOn: row.signedOn,
    recordedAt: row.recordedAt.toISOString(),
  };
}

/** The current version of each mandate of the space (of one member when `userId` is given), newest first. */
export async function currentMandates(db: Db | Tx, spaceId: string, userId?: string): Promise<MandateRow[]> {
  const versions = await db
    .selectDistinctOn([sepaMandates.reference])
    .from(sepaMandates)
    .where(and(eq(sepaMandates.spaceId, spaceId), userId ? eq(sepaMandates.userId, userId) : undefined))
    .orderBy(sepaMandates.reference, desc(sepaMandates.version));
  return versions.sort((a, b) => b.recordedAt.getTime() - a.recordedAt.getTime());
}

/** The member's mandate to show: the active one, else the last one they had (revoked), else none. */
function shownMandate(versions: MandateRow[]): MandateRow | null {
  return versions.find((row) => row.status === 'active') ?? versions[0] ?? null;
}

/** A new mandate reference (RUM): unique per space (a unique index decides), 21 characters of A–Z, 0–9, `-`. */
function newReference(today: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `ESC-${today.replaceAll('-', '')}-${random}`;
}

/** The spaces the signed-in person is a customer of (a role, a plan or an invoice there), with their mandate. */
export async function listMyMandates(ctx: ServiceContext): Promise<{ spaces: TMandateSpace[] }> {
  const actor = requireSignedIn(ctx.actor);
  const spaceIds = await rowsOf<{ space_id: string }>(
    ctx.db,
    sql`SELECT space_id FROM space_members WHERE user_id = ${actor.id}
        UNION SELECT space_id FROM plans WHERE user_id = ${actor.id}
        UNION SELECT space_id FROM invoices WHERE buyer_user_id = ${actor.id}`,
  );
  const spaces: TMandateSpace[] = [];
  for (const { space_id: spaceId } of spaceIds) {
    const creditor = await creditorOf(ctx.db, spaceId);
    if (!creditor) continue;
    const mandate = shownMandate(await currentMandates(ctx.db, spaceId, actor.id));
    spaces.push({
      spaceId,
      spaceName: creditor.spaceName,
      creditorName: creditor.name,
      creditorId: creditor.creditorId,
      ready: creditor.ready,
      mandateText: mandateTextOf(mailTranslator(ctx.locale), creditor.name),
      mandate: mandate && toMandate(mandate),
    });
  }
  return { spaces: spaces.sort((a, b) => a.spaceName.localeCompare(b.spaceName)) };
}

async function requireCustomer(ctx: ServiceContext, userId: string, spaceId: string): Promise<void> {
  const [row] = await rowsOf<{ customer: boolean }>(
    ctx.db,
    sql`SELECT EXISTS (SELECT 1 FROM space_members WHERE user_id = ${userId} AND space_id = ${spaceId})
          OR EXISTS (SELECT 1 FROM plans WHERE user_id = ${userId} AND space_id = ${spaceId})
          OR EXISTS (SELECT 1 FROM invoices WHERE buyer_user_id = ${userId} AND space_id = ${spaceId})
        AS customer`,
  );
  if (!row?.customer) throw refused('not-a-member', 'Only a customer of the space signs a mandate to it');
}

async function insertVersion(
  work: WorkContext,
  values: Omit<typeof sepaMandates.$inferInsert, 'recordedAt' | 'recordedById' | 'locale'>,
): Promise<MandateRow> {
  const [row] = await work.db
    .insert(sepaMandates)
    .values({ ...values, recordedAt: work.now, recordedById: work.actor?.id ?? null, locale: work.locale })
    .returning();
  return row!;
}

/**
 * The member signs a mandate to the space: a new one with a new reference, or (when one is active) its next
 * version with the name and account given. Its confirmation e-mail, with the mandate's text, is queued in the
 * same transaction.
 */
export async function signMandate(
  ctx: ServiceContext,
  input: { spaceId: string; debtorName: string; iban: string },
): Promise<TMandate> {
  const actor = requireSignedIn(ctx.actor);
  await requireCustomer(ctx, actor.id, input.spaceId);
  const creditor = await creditorOf(ctx.db, input.spaceId);
  if (!creditor?.ready) throw refused('creditor-not-ready', 'This space does not take direct debits yet');
  const space = (await findSpaceSummary(ctx.db, input.spaceId))!;
  return unitOfWork(ctx, async (work) => {
    const active = (await currentMandates(work.db, input.spaceId, actor.id)).find(
      (row) => row.status === 'active',
    );
    const row = await insertVersion(work, {
      spaceId: input.spaceId,
      userId: actor.id,
      reference: active?.reference ?? newReference(todayIn(space.timeZone, work.now)),
      version: (active?.version ?? 0) + 1,
      status: 'active',
      debtorName: input.debtorName,
      iban: input.iban,
      signedOn: todayIn(space.timeZone, work.now),
    });
    await logActivity(work, {
      kind: 'sepa_mandate.signed',
      subject: { type: 'sepa_mandate', id: row.id },
      spaceId: input.spaceId,
      details: { number: row.reference, version: row.version },
    });
    await enqueueJob(work.db, mandateMailJob, { mandateId: row.id });
    return toMandate(row);
  });
}

/** The member revokes their active mandate to the space: a final version; nothing more is collected under it. */
export async function revokeMandate(ctx: ServiceContext, spaceId: string): Promise<TMandate> {
  const actor = requireSignedIn(ctx.actor);
  const space = await findSpaceSummary(ctx.db, spaceId);
  if (!space) throw new AppError('not-found', 'No such space');
  return unitOfWork(ctx, async (work) => {
    const active = (await currentMandates(work.db, spaceId, actor.id)).find((row) => row.status === 'active');
    if (!active) throw refused('no-mandate', 'No active mandate to revoke');
    const { id: _id, recordedAt: _at, recordedById: _by, locale: _locale, ...kept } = active;
    const row = await insertVersion(work, { ...kept, version: active.version + 1, status: 'revoked' });
    await logActivity(work, {
      kind: 'sepa_mandate.revoked',
      subject: { type: 'sepa_mandate', id: row.id },
      spaceId,
      details: { number: row.reference, version: row.version },
    });
    await enqueueJob(work.db, mandateMailJob, { mandateId: row.id });
    return toMandate(row);
  });
}

/** Each member of the space (its roles and its customers) and their mandate, for its managers. */
export async function listSpaceMandates(
  ctx: ServiceContext,
  spaceId: string,
): Promise<{ members: TMemberMandate[] }> {
  await requireRight(ctx, 'manage', spaceId);
  const people = await rowsOf<{ id: string; name: string; email: string }>(
    ctx.db,
    sql`SELECT u.id, u.name, u.email FROM users u
        WHERE u.id IN (SELECT user_id FROM space_members WHERE space_id = ${spaceId} AND role = 'member'
                       UNION SELECT user_id FROM plans WHERE space_id = ${spaceId}
                       UNION SELECT user_id FROM sepa_mandates WHERE space_id = ${spaceId})
        ORDER BY u.name, u.id`,
  );
  const mandates = await currentMandates(ctx.db, spaceId);
  return {
    members: people.map((person) => {
      const mandate = shownMandate(mandates.filter((row) => row.userId === person.id));
      return {
        userId: person.id,
        name: person.name,
        email: person.email,
        mandate: mandate && toMandate(mandate),
      };
    }),
  };
}
