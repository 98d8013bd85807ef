import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ZUuid } from '#contract/input';
import { documentShares, sharedDocuments } from '../../db/schema/documents';
import { spaces } from '../../db/schema/spaces';
import { greetingFor } from '../../platform/mail-layout';
import { defineMail, accountRecipientOf } from '../../platform/mail-jobs';
import { isSharedWith } from '../../platform/policy';

/**
 * A member is told a space shared a document with them (docs/decisions/024). The file itself is not
 * attached: it is downloaded from /documents, where who may read it is checked. Turned off with the
 * "invoices and documents shared with me" setting of /profile. Nothing is sent once the share is revoked.
 */
export const documentSharedMailJob = defineMail({
  kind: 'documents.sharedMail',
  payload: z.object({ shareId: ZUuid, userId: z.string().min(1).max(100) }),
  async compose({ shareId, userId }, ctx) {
    const [row] = await ctx.db
      .select({
        documentId: sharedDocuments.id,
        title: sharedDocuments.title,
        spaceName: spaces.name,
        revokedAt: documentShares.revokedAt,
      })
      .from(documentShares)
      .innerJoin(sharedDocuments, eq(sharedDocuments.id, documentShares.documentId))
      .innerJoin(spaces, eq(spaces.id, sharedDocuments.spaceId))
      .where(eq(documentShares.id, shareId));
    if (!row || row.revokedAt || !(await isSharedWith(ctx.db, row.documentId, userId))) return null;
    const member = await accountRecipientOf(ctx.db, userId);
    if (!member) return null;
    return {
      to: member.to,
      category: 'invoices',
      write: (locale, t) => {
        const values = { space: row.spaceName, title: row.title };
        return {
          subject: t('documents.shared.subject', values),
          greeting: greetingFor(locale, member.name),
          paragraphs: [t('documents.shared.lead', values)],
          details: [[t('documents.shared.labels.title'), row.title]],
          action: { label: t('documents.shared.button'), url: `${ctx.baseUrl}/documents` },
        };
      },
    };
  },
});
