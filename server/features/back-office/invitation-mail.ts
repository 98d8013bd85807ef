import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isLocale, LOCALES } from '#contract/locale';
import { ZUuid } from '#contract/input';
import { users } from '../../db/schema/auth';
import { spaceInvitations } from '../../db/schema/invitations';
import { spaces } from '../../db/schema/spaces';
import { greetingFor } from '../../platform/mail-layout';
import { defineMail } from '../../platform/mail-jobs';

/**
 * The e-mail inviting someone into a space's team, queued in the invitation's transaction. It reads the
 * invitation when it runs: one cancelled or accepted meanwhile is not mailed; the role is the latest one.
 * Written in the invited person's language when they have an account, else in the inviter's page language.
 * Always sent: it is what the inviter asked for, and the address may have no account (nor choices) yet.
 */
export const invitationMailJob = defineMail({
  kind: 'backOffice.invitationMail',
  payload: z.object({
    invitationId: ZUuid,
    /** The inviter's name when they invited. */
    inviter: z.string(),
    /** The inviter's page language, for an address without an account. */
    locale: z.enum(LOCALES),
  }),
  async compose(payload, ctx) {
    const [invitation] = await ctx.db
      .select({ email: spaceInvitations.email, role: spaceInvitations.role, space: spaces.name })
      .from(spaceInvitations)
      .innerJoin(spaces, eq(spaces.id, spaceInvitations.spaceId))
      .where(and(eq(spaceInvitations.id, payload.invitationId), isNull(spaceInvitations.acceptedAt)))
      .limit(1);
    if (!invitation) return null;
    const [account] = await ctx.db
      .select({ id: users.id, locale: users.locale })
      .from(users)
      .where(eq(sql`lower(${users.email})`, invitation.email))
      .limit(1);
    const url = `${ctx.baseUrl}/myspaces`;
    return {
      to: {
        email: invitation.email,
        userId: account?.id,
        locale: isLocale(account?.locale) ? account.locale : payload.locale,
      },
      category: 'transactional',
      write: (locale, t) => ({
        subject: t('invitation.subject', { space: invitation.space }),
        greeting: greetingFor(locale, null),
        paragraphs: [
          t('invitation.lead', {
            space: invitation.space,
            inviter: payload.inviter,
            role: t(`invitation.roles.${invitation.role}`),
          }),
        ],
        action: { label: t('invitation.button'), url },
        closing: [t('invitation.ignore')],
      }),
    };
  },
});
