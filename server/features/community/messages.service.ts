import { eq } from 'drizzle-orm';
import { COMMUNITY_RATES, type TReceivedMessage } from '#contract/community';
import { requireSignedIn } from '../../platform/policy';
import { AppError } from '#contract/errors';
import { users } from '../../db/schema/auth';
import { ads, communityMessages } from '../../db/schema/community';
import { enqueueJob, wakeJobRunner } from '../../platform/jobs';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { spendQuota, type QuotaKind } from './community-quota';
import { communityMessageMail } from './community-mails';
import { isListedFor } from './directory.service';
import { visibleAdFor } from './ads.service';

/**
 * Messages relayed by e-mail (docs/decisions/023): to a member of the directory, in answer to an ad, or
 * in answer to a relayed message. Each is a row (for the job that sends it, the limits and the audit),
 * its e-mail job and its `message.sent` entry, in one unit of work.
 */

const HOUR = 3600;

async function relay(
  work: WorkContext,
  message: {
    senderId: string;
    recipientId: string;
    adId?: string | null;
    inReplyTo?: string | null;
    body: string;
    quota: QuotaKind;
    via: 'directory' | 'ad' | 'answer';
    title?: string;
  },
): Promise<void> {
  const max = message.quota === 'reply' ? COMMUNITY_RATES.repliesPerHour : COMMUNITY_RATES.contactsPerHour;
  await spendQuota(work.db, message.senderId, message.quota, { window: HOUR, max });
  const [row] = await work.db
    .insert(communityMessages)
    .values({
      senderId: message.senderId,
      recipientId: message.recipientId,
      adId: message.adId ?? null,
      inReplyTo: message.inReplyTo ?? null,
      body: message.body,
      createdAt: work.now,
    })
    .returning({ id: communityMessages.id });
  await enqueueJob(work.db, communityMessageMail, { messageId: row!.id });
  await logActivity(work, {
    kind: 'message.sent',
    subject: { type: 'message', id: row!.id },
    aboutUserId: message.recipientId,
    details: { via: message.via, ...(message.title ? { title: message.title } : {}) },
  });
}

/** Writes to a member listed in a directory the sender sees. */
export async function contactMember(
  ctx: ServiceContext,
  input: { memberId: string; message: string },
): Promise<{ sent: true }> {
  const senderId = requireSignedIn(ctx.actor).id;
  if (input.memberId === senderId) {
    throw new AppError('invalid-argument', 'Writing to oneself', {
      fields: [{ path: 'memberId', message: 'self' }],
    });
  }
  if (!(await isListedFor(ctx, senderId, input.memberId))) {
    throw new AppError('not-found', 'No such member in your directory');
  }
  await unitOfWork(ctx, (work) =>
    relay(work, {
      senderId,
      recipientId: input.memberId,
      body: input.message,
      quota: 'contact',
      via: 'directory',
    }),
  );
  wakeJobRunner();
  return { sent: true };
}

/** Answers an ad the sender sees (not their own). */
export async function replyToAd(
  ctx: ServiceContext,
  input: { adId: string; message: string },
): Promise<{ sent: true }> {
  const senderId = requireSignedIn(ctx.actor).id;
  const ad = await visibleAdFor(ctx, senderId, input.adId);
  if (ad?.standing === 'author') throw new AppError('failed-precondition', 'Your own ad');
  // Only the members it is shown to answer it (not a moderator looking at a report).
  if (ad?.standing !== 'member') throw new AppError('not-found', 'No such ad');
  await unitOfWork(ctx, (work) =>
    relay(work, {
      senderId,
      recipientId: ad.authorId,
      adId: ad.id,
      body: input.message,
      quota: 'reply',
      via: 'ad',
      title: ad.title,
    }),
  );
  wakeJobRunner();
  return { sent: true };
}

/** A message sent to the caller; anyone else is told it does not exist. */
async function receivedMessage(ctx: ServiceContext, messageId: string) {
  const recipientId = requireSignedIn(ctx.actor).id;
  const [row] = await ctx.db
    .select({
      id: communityMessages.id,
      senderId: communityMessages.senderId,
      recipientId: communityMessages.recipientId,
      adId: communityMessages.adId,
      createdAt: communityMessages.createdAt,
      senderName: users.name,
      senderDeletedAt: users.deletedAt,
      adTitle: ads.title,
    })
    .from(communityMessages)
    .innerJoin(users, eq(users.id, communityMessages.senderId))
    .leftJoin(ads, eq(ads.id, communityMessages.adId))
    .where(eq(communityMessages.id, messageId))
    .limit(1);
  if (!row || row.recipientId !== recipientId || row.senderDeletedAt) {
    throw new AppError('not-found', 'No such message');
  }
  return row;
}

export async function getReceivedMessage(
  ctx: ServiceContext,
  input: { messageId: string },
): Promise<TReceivedMessage> {
  const row = await receivedMessage(ctx, input.messageId);
  return {
    id: row.id,
    senderName: row.senderName,
    adTitle: row.adTitle,
    sentAt: row.createdAt.toISOString(),
  };
}

/** Answers a message one received, relayed the same way: whoever wrote to you may be answered. */
export async function answerMessage(
  ctx: ServiceContext,
  input: { messageId: string; message: string },
): Promise<{ sent: true }> {
  const row = await receivedMessage(ctx, input.messageId);
  await unitOfWork(ctx, (work) =>
    relay(work, {
      senderId: row.recipientId,
      recipientId: row.senderId,
      adId: row.adId,
      inReplyTo: row.id,
      body: input.message,
      quota: row.adId ? 'reply' : 'contact',
      via: 'answer',
      title: row.adTitle ?? undefined,
    }),
  );
  wakeJobRunner();
  return { sent: true };
}
