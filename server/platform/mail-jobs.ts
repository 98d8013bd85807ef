import { eq } from 'drizzle-orm';
import type { Translate } from '#contract/translator';
import type { z } from 'zod';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#contract/locale';
import { notificationSettingsOf, type NotificationKind } from '#contract/profile';
import { users } from '../db/schema/auth';
import { defineJob, type JobContext, type JobDefinition } from './jobs';
import type { MailAttachment } from './mail';
import { renderMailContent, type MailContent } from './mail-layout';
import { mailTranslator } from './translations';

/**
 * The one e-mail pipeline (docs/decisions/019): every message is a job, queued in the transaction of the
 * change it tells about, that reads what it needs when it runs, honours the recipient's notification
 * choices, writes the message in their language with the one layout (mail-layout.tsx) and sends it.
 *
 * `transactional` messages are always sent: what the law or the booking needs (a booking's confirmation,
 * refusal or cancellation) and the account's security (address confirmation, password reset and change).
 * Any other message names the /profile setting that turns it off.
 */
export type MailCategory = 'transactional' | NotificationKind;

export interface MailRecipient {
  email: string;
  /** Their account, when they have one: its notification choices apply, and a deleted one gets nothing. */
  userId?: string | null;
  /** The language to write in (their account's, or the one chosen for them); French when unknown. */
  locale?: string | null;
}

export interface OutgoingMail {
  to: MailRecipient;
  category: MailCategory;
  /** The message in `locale`; `t` reads the `mail` catalogue (locales/<locale>/mail.json). */
  write(locale: Locale, t: Translate): MailContent & { attachments?: MailAttachment[] };
}

type ZPayload = JobDefinition['payload'];

export interface MailDefinition<S extends ZPayload> {
  kind: string;
  payload: S;
  maxAttempts?: number;
  /** Who is told what, read when the job runs; null when it no longer applies (nothing is sent). */
  compose(payload: z.output<S>, ctx: JobContext): Promise<OutgoingMail | null>;
}

/** Someone with an account as a message's recipient: their address and language, and the name to greet. */
export interface AccountRecipient {
  id: string;
  name: string;
  to: MailRecipient & { userId: string };
}

/** The account's recipient, or null when the id names no account (a deleted one is refused when sending). */
export async function accountRecipientOf(
  db: JobContext['db'],
  userId: string,
): Promise<AccountRecipient | null> {
  const [account] = await db
    .select({ id: users.id, email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return null;
  return {
    id: account.id,
    name: account.name,
    to: { email: account.email, userId: account.id, locale: account.locale },
  };
}

/** Why a message is not sent to someone with an account, or null when it is. */
async function reasonNotToSend(ctx: JobContext, mail: OutgoingMail): Promise<string | null> {
  if (!mail.to.userId) return null;
  const [account] = await ctx.db
    .select({ deletedAt: users.deletedAt, settings: users.notificationSettings })
    .from(users)
    .where(eq(users.id, mail.to.userId))
    .limit(1);
  if (!account || account.deletedAt) return 'the account no longer exists';
  if (mail.category === 'transactional') return null;
  return notificationSettingsOf(account.settings)[mail.category]
    ? null
    : `the recipient turned ${mail.category} off`;
}

/** One kind of e-mail: a job whose handler is the pipeline, around what `compose` says. */
export function defineMail<S extends ZPayload>(definition: MailDefinition<S>): JobDefinition<S> {
  return defineJob({
    kind: definition.kind,
    payload: definition.payload,
    maxAttempts: definition.maxAttempts,
    async handle(payload, ctx) {
      const mail = await definition.compose(payload, ctx);
      if (!mail) {
        ctx.log.info('mail no longer applies, not sent');
        return;
      }
      const skipped = await reasonNotToSend(ctx, mail);
      if (skipped) {
        ctx.log.info('mail not sent', { category: mail.category, reason: skipped });
        return;
      }
      const locale: Locale = isLocale(mail.to.locale) ? mail.to.locale : DEFAULT_LOCALE;
      const { attachments, ...content } = mail.write(locale, mailTranslator(locale));
      const rendered = renderMailContent(locale, content, {
        preferencesUrl: mail.category === 'transactional' ? undefined : `${ctx.baseUrl}/profile`,
      });
      await ctx.mailer.send({ to: mail.to.email, ...rendered, attachments });
    },
  });
}
