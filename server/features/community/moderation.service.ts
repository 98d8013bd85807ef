import { and, eq, inArray, sql } from 'drizzle-orm';
import { COMMUNITY_RATES, type ReportStatus, type ReportSubject, type TReport } from '#contract/community';
import { AppError } from '#contract/errors';
import { isUuid } from '#contract/input';
import { rowsOf } from '../../db/rows';
import { adSpaces, ads, communityReports, directoryEntries } from '../../db/schema/community';
import { spaceMembers } from '../../db/schema/memberships';
import { sqlStateOf, UNIQUE_VIOLATION } from '../../db/transaction';
import { enqueueJob, wakeJobRunner } from '../../platform/jobs';
import { firstSpaceWhere, isPlatformAdmin, requireRight, requireSignedIn } from '../../platform/policy';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';
import { spendQuota } from './community-quota';
import { contentHiddenMail, contentReinstatedMail, reportDecidedMail } from './community-mails';
import { isListedFor } from './directory.service';
import { visibleAdFor } from './ads.service';

/**
 * Reports and decisions (EU Digital Services Act, articles 16 and 17; docs/decisions/023). Anyone who sees
 * an ad or a profile may report it; the managers of a space it is shown in, and admins, decide: hide it
 * (its author is told why by e-mail) or dismiss the report. A report is not tied to one space: it is in the
 * queue of every space its subject is shown in.
 */

export async function reportContent(
  ctx: ServiceContext,
  input: { subject: ReportSubject; subjectId: string; reason: string },
): Promise<{ id: string }> {
  const reporterId = requireSignedIn(ctx.actor).id;
  let label: string;
  if (input.subject === 'ad') {
    const ad = isUuid(input.subjectId) ? await visibleAdFor(ctx, reporterId, input.subjectId) : null;
    if (!ad || ad.standing === 'author' || (ad.status !== 'open' && ad.standing !== 'moderator')) {
      throw new AppError('not-found', 'No such ad');
    }
    label = ad.title;
  } else {
    if (input.subjectId === reporterId || !(await isListedFor(ctx, reporterId, input.subjectId))) {
      throw new AppError('not-found', 'No such member in your directory');
    }
    label = '';
  }
  try {
    return await unitOfWork(ctx, async (work) => {
      await spendQuota(work.db, reporterId, 'report', { window: 3600, max: COMMUNITY_RATES.reportsPerHour });
      const [report] = await work.db
        .insert(communityReports)
        .values({
          reporterId,
          subjectType: input.subject,
          adId: input.subject === 'ad' ? input.subjectId : null,
          profileUserId: input.subject === 'profile' ? input.subjectId : null,
          reason: input.reason,
          createdAt: work.now,
        })
        .returning({ id: communityReports.id });
      // Not "about" the reported person: their feed must not tell them who reported them.
      await logActivity(work, {
        kind: 'report.created',
        subject: { type: 'report', id: report!.id },
        details: { subject: input.subject, ...(label ? { title: label } : {}) },
      });
      return { id: report!.id };
    });
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) {
      throw new AppError('already-exists', 'You already reported it; a moderator will look at it');
    }
    throw error;
  }
}

interface ReportRow extends Record<string, unknown> {
  id: string;
  subject_type: ReportSubject;
  ad_id: string | null;
  profile_user_id: string | null;
  subject_label: string | null;
  reporter_name: string;
  reason: string;
  status: ReportStatus;
  decision_reason: string | null;
  created_at: string | Date;
  decided_at: string | Date | null;
  subject_hidden: boolean;
}

/**
 * A report (`r`) the space's managers moderate: about an ad shown in the space, or the profile of one of its
 * members.
 */
function reportOfSpace(spaceId: string) {
  return sql`(exists (select 1 from ad_spaces x where x.ad_id = r.ad_id and x.space_id = ${spaceId}::uuid)
    or exists (select 1 from space_members m where m.user_id = r.profile_user_id and m.space_id = ${spaceId}::uuid))`;
}

/** How many reports wait for the space's managers (the manager's home). */
export async function countOpenReports(
  ctx: ServiceContext,
  input: { spaceId: string },
): Promise<{ count: number }> {
  await requireRight(ctx, 'manage', input.spaceId);
  const [row] = await rowsOf<{ count: number }>(
    ctx.db,
    sql`select count(*)::int as count from community_reports r
      where r.status = 'open' and ${reportOfSpace(input.spaceId)}`,
  );
  return { count: Number(row?.count ?? 0) };
}

/** The reports about what is shown in a space: its ads, and its members' profiles. */
export async function listReports(
  ctx: ServiceContext,
  input: { spaceId: string; status: ReportStatus },
): Promise<{ reports: TReport[] }> {
  await requireRight(ctx, 'manage', input.spaceId);
  const rows = await rowsOf<ReportRow>(
    ctx.db,
    sql`
    select r.id, r.subject_type, r.ad_id, r.profile_user_id,
      coalesce(a.title, p.name) as subject_label, reporter.name as reporter_name,
      r.reason, r.status, r.decision_reason, r.created_at, r.decided_at,
      coalesce(a.status = 'hidden', d.hidden_at is not null, false) as subject_hidden
    from community_reports r
    join users reporter on reporter.id = r.reporter_id
    left join ads a on a.id = r.ad_id
    left join users p on p.id = r.profile_user_id
    left join directory_entries d on d.user_id = r.profile_user_id
    where r.status = ${input.status} and ${reportOfSpace(input.spaceId)}
    order by r.created_at desc, r.id
    limit 200`,
  );
  return {
    reports: rows.map((row) => ({
      id: row.id,
      subject: row.subject_type,
      subjectId: (row.ad_id ?? row.profile_user_id)!,
      subjectLabel: row.subject_label ?? '',
      reporterName: row.reporter_name,
      reason: row.reason,
      status: row.status,
      decisionReason: row.decision_reason,
      createdAt: new Date(row.created_at).toISOString(),
      decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
      subjectHidden: Boolean(row.subject_hidden),
    })),
  };
}

/** The spaces a report's subject is shown in. */
async function spacesOfSubject(
  ctx: ServiceContext,
  report: { adId: string | null; profileUserId: string | null },
) {
  const rows = report.adId
    ? await ctx.db.select({ id: adSpaces.spaceId }).from(adSpaces).where(eq(adSpaces.adId, report.adId))
    : await ctx.db
        .select({ id: spaceMembers.spaceId })
        .from(spaceMembers)
        .where(eq(spaceMembers.userId, report.profileUserId!));
  return rows.map((row) => row.id);
}

export async function decideReport(
  ctx: ServiceContext,
  input: { reportId: string; decision: 'hide' | 'dismiss'; reason: string },
): Promise<null> {
  const moderatorId = requireSignedIn(ctx.actor).id;
  const [report] = await ctx.db
    .select()
    .from(communityReports)
    .where(eq(communityReports.id, input.reportId))
    .limit(1);
  if (!report) throw new AppError('not-found', 'No such report');
  const spaceId = await firstSpaceWhere(ctx, 'manage', await spacesOfSubject(ctx, report));
  if (!spaceId && !isPlatformAdmin(ctx.actor)) throw new AppError('not-found', 'No such report');
  const hide = input.decision === 'hide';
  await unitOfWork(ctx, async (work) => {
    const [open] = await work.db
      .select({ status: communityReports.status })
      .from(communityReports)
      .where(eq(communityReports.id, report.id))
      .for('update');
    if (open?.status !== 'open') throw new AppError('failed-precondition', 'This report was already decided');
    const decided = {
      status: hide ? ('upheld' as const) : ('dismissed' as const),
      decidedBy: moderatorId,
      decisionReason: input.reason,
      decidedAt: work.now,
    };
    await work.db.update(communityReports).set(decided).where(eq(communityReports.id, report.id));
    // Every reporter whose report this decides is told the outcome (Digital Services Act, art. 16(5)).
    const decidedIds = [report.id];
    let authorId: string | null = report.profileUserId;
    let title: string | null = null;
    if (hide) {
      // The other open reports of the same content are answered by the same decision.
      const others = await work.db
        .update(communityReports)
        .set(decided)
        .where(
          and(
            eq(communityReports.status, 'open'),
            report.adId
              ? eq(communityReports.adId, report.adId)
              : eq(communityReports.profileUserId, report.profileUserId!),
          ),
        )
        .returning({ id: communityReports.id });
      decidedIds.push(...others.map((other) => other.id));
      if (report.adId) {
        const [ad] = await work.db
          .update(ads)
          .set({ status: 'hidden', hiddenAt: work.now, closedAt: null, updatedAt: work.now })
          .where(eq(ads.id, report.adId))
          .returning({ authorId: ads.authorId, title: ads.title });
        authorId = ad!.authorId;
        title = ad!.title;
      } else {
        await work.db
          .insert(directoryEntries)
          .values({ userId: report.profileUserId!, hiddenAt: work.now, updatedAt: work.now })
          .onConflictDoUpdate({
            target: directoryEntries.userId,
            set: { hiddenAt: work.now, updatedAt: work.now },
          });
      }
      await enqueueJob(work.db, contentHiddenMail, { reportId: report.id });
    } else if (report.adId) {
      const [ad] = await work.db
        .select({ authorId: ads.authorId, title: ads.title })
        .from(ads)
        .where(inArray(ads.id, [report.adId]));
      authorId = ad?.authorId ?? null;
      title = ad?.title ?? null;
    }
    await logActivity(work, {
      kind: hide ? 'report.upheld' : 'report.dismissed',
      subject: { type: 'report', id: report.id },
      spaceId,
      aboutUserId: hide ? authorId : null,
      details: { subject: report.subjectType, reason: input.reason, ...(title ? { title } : {}) },
    });
    for (const reportId of decidedIds) await enqueueJob(work.db, reportDecidedMail, { reportId });
  });
  wakeJobRunner();
  return null;
}

/**
 * Puts back content a moderator hid: an ad becomes open again, a directory entry is no longer hidden. For
 * the owners and managers of a space it is shown in, and admins; anyone else is told it does not exist.
 * Its author is told, with the reason; the upheld reports stay as they were decided (the log tells the rest).
 */
export async function reinstateContent(
  ctx: ServiceContext,
  input: { subject: ReportSubject; subjectId: string; reason: string },
): Promise<null> {
  requireSignedIn(ctx.actor);
  const isAd = input.subject === 'ad';
  const notFound = () => new AppError('not-found', `No such ${input.subject}`);
  if (isAd && !isUuid(input.subjectId)) throw notFound();
  const spaceIds = await spacesOfSubject(
    ctx,
    isAd ? { adId: input.subjectId, profileUserId: null } : { adId: null, profileUserId: input.subjectId },
  );
  const spaceId = await firstSpaceWhere(ctx, 'manage', spaceIds);
  if (!spaceId && !isPlatformAdmin(ctx.actor)) throw notFound();
  await unitOfWork(ctx, async (work) => {
    let authorId: string;
    let title: string | null = null;
    if (isAd) {
      const [ad] = await work.db.select().from(ads).where(eq(ads.id, input.subjectId)).for('update');
      if (!ad) throw notFound();
      if (ad.status !== 'hidden') throw new AppError('failed-precondition', 'This ad is not hidden');
      await work.db
        .update(ads)
        .set({ status: 'open', hiddenAt: null, updatedAt: work.now })
        .where(eq(ads.id, ad.id));
      authorId = ad.authorId;
      title = ad.title;
    } else {
      const [entry] = await work.db
        .select({ hiddenAt: directoryEntries.hiddenAt })
        .from(directoryEntries)
        .where(eq(directoryEntries.userId, input.subjectId))
        .for('update');
      if (!entry) throw notFound();
      if (!entry.hiddenAt) throw new AppError('failed-precondition', 'This profile is not hidden');
      await work.db
        .update(directoryEntries)
        .set({ hiddenAt: null, updatedAt: work.now })
        .where(eq(directoryEntries.userId, input.subjectId));
      authorId = input.subjectId;
    }
    await logActivity(work, {
      kind: 'report.reinstated',
      subject: isAd ? { type: 'ad', id: input.subjectId } : { type: 'user', id: input.subjectId },
      spaceId,
      aboutUserId: authorId,
      changes: { hidden: { before: true, after: false } },
      details: { subject: input.subject, reason: input.reason, ...(title ? { title } : {}) },
    });
    await enqueueJob(work.db, contentReinstatedMail, {
      subject: input.subject,
      subjectId: input.subjectId,
      reason: input.reason,
    });
  });
  wakeJobRunner();
  return null;
}
