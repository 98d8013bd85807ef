import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { REPORT_SUBJECTS } from '#contract/community';
import { ZText, ZUuid } from '#contract/input';
import { formatMoment } from '#contract/reservation-format';
import { users } from '../../db/schema/auth';
import { ads, communityMessages, communityReports } from '../../db/schema/community';
import { greetingFor } from '../../platform/mail-layout';
import { defineMail, accountRecipientOf } from '../../platform/mail-jobs';

/**
 * The community's e-mails (docs/decisions/023). A relayed message goes to its recipient's address, which
 * the sender never learns; the sender's address is not in it either (not even as Reply-To): the button
 * opens the answer form on /community, and the answer is relayed back the same way.
 */

/** Paragraphs of what someone typed: blank lines separate them; the layout escapes the text. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export const communityMessageMail = defineMail({
  kind: 'community.messageMail',
  payload: z.object({ messageId: ZUuid }),
  async compose(payload, ctx) {
    const [message] = await ctx.db
      .select({
        id: communityMessages.id,
        body: communityMessages.body,
        senderId: communityMessages.senderId,
        recipientId: communityMessages.recipientId,
        inReplyTo: communityMessages.inReplyTo,
        adTitle: ads.title,
      })
      .from(communityMessages)
      .leftJoin(ads, eq(ads.id, communityMessages.adId))
      .where(eq(communityMessages.id, payload.messageId))
      .limit(1);
    if (!message) return null;
    const [sender] = await ctx.db
      .select({ name: users.name, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, message.senderId))
      .limit(1);
    const recipient = await accountRecipientOf(ctx.db, message.recipientId);
    if (!sender || sender.deletedAt || !recipient) return null;
    const via = message.inReplyTo ? 'answer' : message.adTitle !== null ? 'ad' : 'directory';
    return {
      to: recipient.to,
      category: 'communityMessages',
      write: (locale, t) => ({
        subject: t(`community.message.subject.${via}`, { sender: sender.name, title: message.adTitle ?? '' }),
        greeting: greetingFor(locale, recipient.name),
        paragraphs: [
          t(`community.message.lead.${via}`, { sender: sender.name, title: message.adTitle ?? '' }),
          ...paragraphsOf(message.body),
        ],
        notes: [t('community.message.privacy', { sender: sender.name })],
        action: { label: t('community.message.button'), url: `${ctx.baseUrl}/community?reply=${message.id}` },
      }),
    };
  },
});

/**
 * The statement of reasons owed to the author of content a moderator hid (Digital Services Act, art. 17):
 * what was hidden, why, and that they may write to the space to contest it. Always sent.
 */
export const contentHiddenMail = defineMail({
  kind: 'community.contentHiddenMail',
  payload: z.object({ reportId: ZUuid }),
  async compose(payload, ctx) {
    const [report] = await ctx.db
      .select({
        subjectType: communityReports.subjectType,
        adId: communityReports.adId,
        profileUserId: communityReports.profileUserId,
        reason: communityReports.decisionReason,
        status: communityReports.status,
        adTitle: ads.title,
        adAuthorId: ads.authorId,
      })
      .from(communityReports)
      .leftJoin(ads, eq(ads.id, communityReports.adId))
      .where(eq(communityReports.id, payload.reportId))
      .limit(1);
    if (!report || report.status !== 'upheld' || !report.reason) return null;
    const authorId = report.subjectType === 'ad' ? report.adAuthorId : report.profileUserId;
    if (!authorId) return null;
    const author = await accountRecipientOf(ctx.db, authorId);
    if (!author) return null;
    const isAd = report.subjectType === 'ad';
    const reason = report.reason;
    return {
      to: author.to,
      category: 'transactional',
      write: (locale, t) => ({
        subject: t(isAd ? 'community.hidden.subject.ad' : 'community.hidden.subject.profile', {
          title: report.adTitle ?? '',
        }),
        greeting: greetingFor(locale, author.name),
        paragraphs: [
          t(isAd ? 'community.hidden.lead.ad' : 'community.hidden.lead.profile', {
            title: report.adTitle ?? '',
          }),
          t('community.hidden.reasonIntro'),
          ...paragraphsOf(reason),
        ],
        notes: [t('community.hidden.contest')],
        action: isAd
          ? { label: t('community.hidden.button.ad'), url: `${ctx.baseUrl}/ad/${report.adId}` }
          : { label: t('community.hidden.button.profile'), url: `${ctx.baseUrl}/profile#directory` },
      }),
    };
  },
});

/**
 * The reporter is told what became of their report (Digital Services Act, art. 16(5)): upheld (the content
 * is hidden) or not. It names only what they reported (an ad's title; for a profile, not even the name)
 * and their own words; a dismissal's reason is theirs to read, a removal's was written to the author and
 * stays with them. Always sent.
 */
export const reportDecidedMail = defineMail({
  kind: 'community.reportDecidedMail',
  payload: z.object({ reportId: ZUuid }),
  async compose(payload, ctx) {
    const [report] = await ctx.db
      .select({
        reporterId: communityReports.reporterId,
        subjectType: communityReports.subjectType,
        reason: communityReports.reason,
        status: communityReports.status,
        decisionReason: communityReports.decisionReason,
        createdAt: communityReports.createdAt,
        adTitle: ads.title,
      })
      .from(communityReports)
      .leftJoin(ads, eq(ads.id, communityReports.adId))
      .where(eq(communityReports.id, payload.reportId))
      .limit(1);
    if (!report || report.status === 'open') return null;
    const reporter = await accountRecipientOf(ctx.db, report.reporterId);
    if (!reporter) return null;
    const subject = report.subjectType === 'ad' ? 'ad' : 'profile';
    const outcome = report.status === 'upheld' ? 'upheld' : 'dismissed';
    return {
      to: reporter.to,
      category: 'transactional',
      write: (locale, t) => ({
        subject: t('community.decided.subject'),
        greeting: greetingFor(locale, reporter.name),
        paragraphs: [
          t(`community.decided.lead.${subject}.${outcome}`, {
            title: report.adTitle ?? '',
            date: formatMoment(locale, report.createdAt.toISOString(), 'Europe/Paris'),
          }),
          t('community.decided.yourReason'),
          ...paragraphsOf(report.reason),
          ...(outcome === 'dismissed' && report.decisionReason
            ? [t('community.decided.reasonIntro'), ...paragraphsOf(report.decisionReason)]
            : []),
        ],
        notes: [t('community.decided.anonymous'), t('community.decided.contest')],
      }),
    };
  },
});

/**
 * Content a moderator hid is put back: its author is told, with the moderator's reason. The reason travels
 * in the payload (it is recorded nowhere else than the activity log, which a job does not read).
 */
export const contentReinstatedMail = defineMail({
  kind: 'community.contentReinstatedMail',
  payload: z.object({
    subject: z.enum(REPORT_SUBJECTS),
    subjectId: ZText.min(1).max(100),
    reason: ZText.max(1000),
  }),
  async compose(payload, ctx) {
    const isAd = payload.subject === 'ad';
    const [ad] = isAd
      ? await ctx.db
          .select({ authorId: ads.authorId, title: ads.title, status: ads.status })
          .from(ads)
          .where(eq(ads.id, payload.subjectId))
          .limit(1)
      : [];
    if (isAd && (!ad || ad.status === 'hidden')) return null;
    const author = await accountRecipientOf(ctx.db, isAd ? ad!.authorId : payload.subjectId);
    if (!author) return null;
    const title = ad?.title ?? '';
    return {
      to: author.to,
      category: 'transactional',
      write: (locale, t) => ({
        subject: t(isAd ? 'community.reinstated.subject.ad' : 'community.reinstated.subject.profile', {
          title,
        }),
        greeting: greetingFor(locale, author.name),
        paragraphs: [
          t(isAd ? 'community.reinstated.lead.ad' : 'community.reinstated.lead.profile', { title }),
          t('community.hidden.reasonIntro'),
          ...paragraphsOf(payload.reason),
        ],
        action: isAd
          ? { label: t('community.hidden.button.ad'), url: `${ctx.baseUrl}/ad/${payload.subjectId}` }
          : { label: t('community.hidden.button.profile'), url: `${ctx.baseUrl}/profile#directory` },
      }),
    };
  },
});

export const communityJobs = [
  communityMessageMail,
  contentHiddenMail,
  reportDecidedMail,
  contentReinstatedMail,
];
