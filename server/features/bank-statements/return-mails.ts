import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isKnownReturnReason } from '#contract/bank-statements.plain';
import { ZUuid } from '#contract/input';
import { formatMoney } from '#contract/money';
import { invoices, spaceLegalIdentities } from '../../db/schema/invoices';
import { greetingFor } from '../../platform/mail-layout';
import { accountRecipientOf, defineMail } from '../../platform/mail-jobs';

/**
 * A direct debit the bank returned (docs/decisions/033): the member is told their invoice is to be paid
 * again and why, in words; each manager of the space is told too. Whether the invoice goes into the next
 * collection is the space's choice (`sepa_recollect_returned`), said in both. Transactional: it is about
 * money the member owes.
 */
export const returnMailJob = defineMail({
  kind: 'bankStatements.returnMail',
  payload: z.object({
    invoiceId: ZUuid,
    amountCents: z.number().int(),
    reasonCode: z.string().max(8),
    audience: z.enum(['member', 'manager']),
    /** The manager told; null for the member (the invoice's buyer). */
    userId: z.string().min(1).max(100).nullable(),
  }),
  async compose({ invoiceId, amountCents, reasonCode, audience, userId }, ctx) {
    const [row] = await ctx.db
      .select({ invoice: invoices, recollect: spaceLegalIdentities.sepaRecollectReturned })
      .from(invoices)
      .leftJoin(spaceLegalIdentities, eq(spaceLegalIdentities.spaceId, invoices.spaceId))
      .where(eq(invoices.id, invoiceId));
    if (!row) return null;
    const { invoice } = row;
    const recipient = await accountRecipientOf(
      ctx.db,
      audience === 'member' ? (invoice.buyerUserId ?? '') : (userId ?? ''),
    );
    if (!recipient) return null;
    const seller = invoice.seller as { spaceName: string };
    const buyer = invoice.buyer as { name?: string; businessName?: string };
    return {
      to: recipient.to,
      category: 'transactional',
      write: (locale, t) => {
        const reason = isKnownReturnReason(reasonCode)
          ? t(`bankStatements.reasons.${reasonCode}`)
          : t('bankStatements.reasons.other', { code: reasonCode || '—' });
        const values = {
          number: invoice.number,
          space: seller.spaceName,
          amount: formatMoney(amountCents, locale),
          member: buyer.businessName || buyer.name || '',
          reason,
        };
        const key = `bankStatements.returned.${audience}`;
        return {
          subject: t(`${key}.subject`, values),
          greeting: greetingFor(locale, recipient.name),
          paragraphs: [
            t(`${key}.lead`, values),
            t(
              row.recollect ? 'bankStatements.returned.recollect' : 'bankStatements.returned.noRecollect',
              values,
            ),
          ],
          details: [
            [t('bankStatements.labels.number'), invoice.number],
            [t('bankStatements.labels.amount'), values.amount],
            [t('bankStatements.labels.reason'), reason],
          ],
          action:
            audience === 'member'
              ? { label: t('bankStatements.returned.member.button'), url: `${ctx.baseUrl}/documents` }
              : {
                  label: t('bankStatements.returned.manager.button'),
                  url: `${ctx.baseUrl}/myspaces/${invoice.spaceId}/bank-statements`,
                },
        };
      },
    };
  },
});
