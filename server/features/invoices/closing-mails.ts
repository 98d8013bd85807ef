import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ZUuid } from '#contract/input';
import { invoicingClosings } from '../../db/schema/invoices';
import { spaces } from '../../db/schema/spaces';
import { anchorText } from '../../billing/ledger-chains';
import { greetingFor } from '../../platform/mail-layout';
import { accountRecipientOf, defineMail } from '../../platform/mail-jobs';

/**
 * A space's owner is told a month was closed, with the anchor of the space's chains then (docs/decisions/
 * 027): kept in their mailbox, outside Escale's database, it lets anyone check later that nothing before it
 * was rewritten (`verify-ledger --anchor`). Transactional: it is the space's evidence, not a notification.
 */
export const closingAnchorMailJob = defineMail({
  kind: 'invoices.closingAnchorMail',
  payload: z.object({
    spaceId: ZUuid,
    month: z.string().regex(/^\d{4}-\d{2}$/),
    userId: z.string().min(1).max(100),
  }),
  async compose({ spaceId, month, userId }, ctx) {
    const [row] = await ctx.db
      .select({ anchor: invoicingClosings.anchor, spaceName: spaces.name })
      .from(invoicingClosings)
      .innerJoin(spaces, eq(spaces.id, invoicingClosings.spaceId))
      .where(and(eq(invoicingClosings.spaceId, spaceId), eq(invoicingClosings.month, month)));
    if (!row?.anchor) return null;
    const owner = await accountRecipientOf(ctx.db, userId);
    if (!owner) return null;
    const anchor = anchorText({ spaceId, heads: row.anchor });
    return {
      to: owner.to,
      category: 'transactional',
      write: (locale, t) => {
        const values = {
          space: row.spaceName,
          month: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
            new Date(`${month}-01T00:00:00Z`),
          ),
        };
        return {
          subject: t('invoices.closingAnchor.subject', values),
          greeting: greetingFor(locale, owner.name),
          paragraphs: [t('invoices.closingAnchor.lead', values), t('invoices.closingAnchor.keep', values)],
          details: [
            [t('invoices.closingAnchor.labels.month'), values.month],
            [t('invoices.closingAnchor.labels.anchor'), anchor],
          ],
          action: {
            label: t('invoices.closingAnchor.button'),
            url: `${ctx.baseUrl}/myspaces/${spaceId}/invoicing`,
          },
        };
      },
    };
  },
});
