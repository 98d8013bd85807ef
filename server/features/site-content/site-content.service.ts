import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import { DEFAULT_LOCALE, type Locale } from '#contract/locale';
import { localizedText } from '#contract/localized';
import {
  FAQ_TOPICS,
  type FaqTopic,
  type PartnerIcon,
  type TFaqEntry,
  type TFaqEntryInput,
  type TPartner,
  type TPartnerInput,
  type TPublicFaqTopic,
  type TPublicPartner,
} from '#contract/site-content';
import type { ActivityChanges } from '#contract/activity';
import { faqEntries, partners } from '../../db/schema/site-content';
import { markdownToText, renderMarkdown } from '../../platform/markdown';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';

/**
 * The FAQ and the partners page (docs/decisions/024-blog-and-admin-content.md): admins write both
 * languages, readers get the published entries of theirs, rendered from Markdown on the server. Writes
 * are for admins (the callables say `access: 'admin'`), each with its activity entry.
 */

const topicOrder = (topic: string) => FAQ_TOPICS.indexOf(topic as FaqTopic);

export async function getFaq(ctx: ServiceContext, input: { locale?: Locale }): Promise<TPublicFaqTopic[]> {
  const locale = input.locale ?? ctx.locale ?? DEFAULT_LOCALE;
  const rows = await ctx.db
    .select()
    .from(faqEntries)
    .where(eq(faqEntries.published, true))
    .orderBy(asc(faqEntries.position), asc(faqEntries.createdAt));
  return FAQ_TOPICS.flatMap((topic) => {
    const entries = rows
      .filter((row) => row.topic === topic)
      .map((row) => {
        const answer = localizedText(locale, row.answerFr, row.answerEn);
        return {
          id: row.id,
          question: localizedText(locale, row.questionFr, row.questionEn),
          answerHtml: renderMarkdown(answer),
          answerText: markdownToText(answer),
        };
      });
    return entries.length ? [{ topic, entries }] : [];
  });
}

export async function getPartners(
  ctx: ServiceContext,
  input: { locale?: Locale },
): Promise<TPublicPartner[]> {
  const locale = input.locale ?? ctx.locale ?? DEFAULT_LOCALE;
  const rows = await ctx.db
    .select()
    .from(partners)
    .where(eq(partners.published, true))
    .orderBy(asc(partners.position), asc(partners.createdAt));
  return rows.map((row) => ({
    id: row.id,
    icon: row.icon as PartnerIcon,
    name: localizedText(locale, row.nameFr, row.nameEn),
    bodyHtml: renderMarkdown(localizedText(locale, row.bodyFr, row.bodyEn)),
    websiteUrl: row.websiteUrl,
  }));
}

// ——— Writing (admins) ———

export async function listFaqForAdmin(ctx: ServiceContext): Promise<TFaqEntry[]> {
  const rows = await ctx.db
    .select()
    .from(faqEntries)
    .orderBy(asc(faqEntries.position), asc(faqEntries.createdAt));
  return rows
    .sort((a, b) => topicOrder(a.topic) - topicOrder(b.topic))
    .map((row) => ({
      id: row.id,
      topic: row.topic as FaqTopic,
      position: row.position,
      published: row.published,
      questionFr: row.questionFr,
      answerFr: row.answerFr,
      questionEn: row.questionEn,
      answerEn: row.answerEn,
    }));
}

export async function listPartnersForAdmin(ctx: ServiceContext): Promise<TPartner[]> {
  const rows = await ctx.db.select().from(partners).orderBy(asc(partners.position), asc(partners.createdAt));
  return rows.map((row) => ({
    id: row.id,
    icon: row.icon as PartnerIcon,
    position: row.position,
    published: row.published,
    nameFr: row.nameFr,
    bodyFr: row.bodyFr,
    nameEn: row.nameEn,
    bodyEn: row.bodyEn,
    websiteUrl: row.websiteUrl,
  }));
}

/** The fields that changed between two versions of a row, values kept for the short ones only. */
function changesOf<T extends Record<string, unknown>>(
  before: T,
  after: T,
  short: readonly (keyof T)[],
): ActivityChanges {
  const changes: ActivityChanges = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (before[key] === after[key]) continue;
    const keep = short.includes(key);
    changes[key] = {
      before: keep ? (before[key] as string | number | boolean | null) : '…',
      after: keep ? (after[key] as string | number | boolean | null) : '…',
    };
  }
  return changes;
}

type ContentKind =
  | 'faq_entry.created'
  | 'faq_entry.updated'
  | 'faq_entry.deleted'
  | 'partner.created'
  | 'partner.updated'
  | 'partner.deleted';

async function log(
  work: WorkContext,
  kind: ContentKind,
  subject: { type: 'faq_entry' | 'partner'; id: string },
  title: string,
  changes?: ActivityChanges,
) {
  await logActivity(work, { kind, subject, details: { title }, changes });
}

export async function createFaqEntry(ctx: ServiceContext, input: TFaqEntryInput) {
  return unitOfWork(ctx, async (work) => {
    const [row] = await work.db
      .insert(faqEntries)
      .values({ ...input, createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: faqEntries.id });
    await log(work, 'faq_entry.created', { type: 'faq_entry', id: row!.id }, input.questionFr);
    return { id: row!.id };
  });
}

async function requireFaqEntry(ctx: ServiceContext, id: string) {
  const [row] = await ctx.db.select().from(faqEntries).where(eq(faqEntries.id, id)).limit(1);
  if (!row) throw new AppError('not-found', 'No such question');
  return row;
}

export async function updateFaqEntry(ctx: ServiceContext, input: { id: string; entry: TFaqEntryInput }) {
  return unitOfWork(ctx, async (work) => {
    const before = await requireFaqEntry(work, input.id);
    const { topic, position, published, questionFr, answerFr, questionEn, answerEn } = before;
    const changes = changesOf(
      { topic, position, published, questionFr, answerFr, questionEn, answerEn },
      input.entry,
      ['topic', 'position', 'published', 'questionFr', 'questionEn'],
    );
    if (!Object.keys(changes).length) return { id: input.id };
    await work.db
      .update(faqEntries)
      .set({ ...input.entry, updatedAt: ctx.now })
      .where(eq(faqEntries.id, input.id));
    await log(
      work,
      'faq_entry.updated',
      { type: 'faq_entry', id: input.id },
      input.entry.questionFr,
      changes,
    );
    return { id: input.id };
  });
}

export async function deleteFaqEntry(ctx: ServiceContext, input: { id: string }) {
  return unitOfWork(ctx, async (work) => {
    const before = await requireFaqEntry(work, input.id);
    await work.db.delete(faqEntries).where(eq(faqEntries.id, input.id));
    await log(work, 'faq_entry.deleted', { type: 'faq_entry', id: input.id }, before.questionFr);
    return { id: input.id };
  });
}

export async function createPartner(ctx: ServiceContext, input: TPartnerInput) {
  return unitOfWork(ctx, async (work) => {
    const [row] = await work.db
      .insert(partners)
      .values({ ...input, createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: partners.id });
    await log(work, 'partner.created', { type: 'partner', id: row!.id }, input.nameFr);
    return { id: row!.id };
  });
}

async function requirePartner(ctx: ServiceContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(partners)
    .where(and(eq(partners.id, id)))
    .limit(1);
  if (!row) throw new AppError('not-found', 'No such partner');
  return row;
}

export async function updatePartner(ctx: ServiceContext, input: { id: string; partner: TPartnerInput }) {
  return unitOfWork(ctx, async (work) => {
    const before = await requirePartner(work, input.id);
    const { icon, position, published, nameFr, bodyFr, nameEn, bodyEn, websiteUrl } = before;
    const changes = changesOf(
      { icon, position, published, nameFr, bodyFr, nameEn, bodyEn, websiteUrl },
      input.partner,
      ['icon', 'position', 'published', 'nameFr', 'nameEn', 'websiteUrl'],
    );
    if (!Object.keys(changes).length) return { id: input.id };
    await work.db
      .update(partners)
      .set({ ...input.partner, updatedAt: ctx.now })
      .where(eq(partners.id, input.id));
    await log(work, 'partner.updated', { type: 'partner', id: input.id }, input.partner.nameFr, changes);
    return { id: input.id };
  });
}

export async function deletePartner(ctx: ServiceContext, input: { id: string }) {
  return unitOfWork(ctx, async (work) => {
    const before = await requirePartner(work, input.id);
    await work.db.delete(partners).where(eq(partners.id, input.id));
    await log(work, 'partner.deleted', { type: 'partner', id: input.id }, before.nameFr);
    return { id: input.id };
  });
}
