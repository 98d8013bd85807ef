import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ZUuid } from '#contract/input';
import type { Locale } from '#contract/locale';
import { formatMoney } from '#contract/money';
import { formatDay } from '#contract/reservation-format';
import { maskIban } from '#contract/sepa-identifiers';
import type { Translate } from '#contract/translator';
import { invoices } from '../../db/schema/invoices';
import { sepaCollectionItems, sepaCollections, sepaMandates } from '../../db/schema/sepa';
import { accountRecipientOf, defineMail } from '../../platform/mail-jobs';
import { greetingFor } from '../../platform/mail-layout';
import { creditorOf } from './creditor';

/**
 * The member's SEPA e-mails (docs/decisions/032), transactional: the confirmation of a mandate signed, changed
 * or revoked, with the mandate's text (the member's copy of what they signed), and the pre-notification of a
 * debit (its amount and date, sent when the collection is generated, at least the agreed delay before it).
 */

/** A calendar day (`2026-12-15`) as a sentence says it: "mardi 15 décembre 2026". */
export function calendarDay(locale: Locale, date: string): string {
  return formatDay(locale, `${date}T12:00:00Z`, 'UTC');
}

/** The CORE mandate's text (EPC rulebook's wording), naming the creditor: shown when signing, e-mailed after. */
export function mandateTextOf(t: Translate, creditorName: string): string[] {
  return [1, 2, 3].map((index) => t(`sepa.mandateText.p${index}`, { creditor: creditorName }));
}

export const mandateMailJob = defineMail({
  kind: 'sepa.mandateMail',
  payload: z.object({ mandateId: ZUuid }),
  async compose({ mandateId }, ctx) {
    const [mandate] = await ctx.db.select().from(sepaMandates).where(eq(sepaMandates.id, mandateId));
    if (!mandate) return null;
    const [member, creditor] = await Promise.all([
      accountRecipientOf(ctx.db, mandate.userId),
      creditorOf(ctx.db, mandate.spaceId),
    ]);
    if (!member || !creditor) return null;
    const event = mandate.status === 'revoked' ? 'revoked' : mandate.version > 1 ? 'changed' : 'signed';
    return {
      to: member.to,
      category: 'transactional',
      write: (locale, t) => {
        const values = { space: creditor.spaceName, reference: mandate.reference, creditor: creditor.name };
        return {
          subject: t(`sepa.mandate.${event}.subject`, values),
          greeting: greetingFor(locale, member.name),
          paragraphs: [
            t(`sepa.mandate.${event}.lead`, values),
            ...(event === 'revoked' ? [] : mandateTextOf(t, creditor.name)),
          ],
          details: [
            [t('sepa.labels.creditor'), creditor.name],
            [t('sepa.labels.creditorId'), creditor.creditorId],
            [t('sepa.labels.reference'), mandate.reference],
            [t('sepa.labels.kind'), t('sepa.recurrentCore')],
            [t('sepa.labels.debtor'), mandate.debtorName],
            [t('sepa.labels.iban'), maskIban(mandate.iban)],
            [t('sepa.labels.signedOn'), calendarDay(locale, mandate.signedOn)],
          ],
          action: { label: t('sepa.button'), url: `${ctx.baseUrl}/plans#direct-debit` },
        };
      },
    };
  },
});

export const prenotificationMailJob = defineMail({
  kind: 'sepa.prenotification',
  payload: z.object({ itemId: ZUuid }),
  async compose({ itemId }, ctx) {
    const [row] = await ctx.db
      .select({
        item: sepaCollectionItems,
        collectionDate: sepaCollections.collectionDate,
        invoiceNumber: invoices.number,
        mandate: sepaMandates,
      })
      .from(sepaCollectionItems)
      .innerJoin(sepaCollections, eq(sepaCollections.id, sepaCollectionItems.collectionId))
      .innerJoin(invoices, eq(invoices.id, sepaCollectionItems.invoiceId))
      .innerJoin(sepaMandates, eq(sepaMandates.id, sepaCollectionItems.mandateId))
      .where(eq(sepaCollectionItems.id, itemId));
    // A debit the bank already settled or returned needs no notice.
    if (!row || row.item.outcome !== 'pending') return null;
    const [member, creditor] = await Promise.all([
      accountRecipientOf(ctx.db, row.mandate.userId),
      creditorOf(ctx.db, row.mandate.spaceId),
    ]);
    if (!member || !creditor) return null;
    return {
      to: member.to,
      category: 'transactional',
      write: (locale, t) => {
        const values = {
          space: creditor.spaceName,
          creditor: creditor.name,
          amount: formatMoney(row.item.amountCents, locale),
          date: calendarDay(locale, row.collectionDate),
          number: row.invoiceNumber,
        };
        return {
          subject: t('sepa.prenotification.subject', values),
          greeting: greetingFor(locale, member.name),
          paragraphs: [t('sepa.prenotification.lead', values)],
          details: [
            [t('sepa.labels.amount'), values.amount],
            [t('sepa.labels.date'), values.date],
            [t('sepa.labels.invoice'), row.invoiceNumber],
            [t('sepa.labels.reference'), row.mandate.reference],
            [t('sepa.labels.creditorId'), creditor.creditorId],
            [t('sepa.labels.iban'), maskIban(row.mandate.iban)],
          ],
          notes: [t('sepa.prenotification.note')],
          action: { label: t('sepa.documentsButton'), url: `${ctx.baseUrl}/documents` },
        };
      },
    };
  },
});

export const sepaJobs = [mandateMailJob, prenotificationMailJob];
