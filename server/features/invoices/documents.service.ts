import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TManagedDocument, TMySharedDocument, TShareTarget } from '#contract/documents';
import { SHARED_DOCUMENT_PURPOSE } from '#contract/documents';
import { AppError, refused } from '#contract/errors';
import { fileUrlOf, type SniffedType } from '#contract/storage';
import { rowsOf } from '../../db/rows';
import { documentAcknowledgements, documentShares, sharedDocuments } from '../../db/schema/documents';
import { storedFiles } from '../../db/schema/files';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { enqueueJob } from '../../platform/jobs';
import { isSharedWith, requireRight, requireSignedIn, spaceRoleOf } from '../../platform/policy';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { documentSharedMailJob } from './document-mails';
import { readAll } from '../../db/read-all';

/**
 * Documents a space shares with its members (docs/decisions/024): a manager turns an upload into a document
 * and shares it with one member or every member of the space; members find it on /documents, download it
 * (the read rule is `mayReadFile`, server/platform/policy.ts) and confirm they have read it; a share is
 * revoked, never deleted. Every change is in the activity log; a member is e-mailed when a document is
 * shared with them.
 */

type DocumentRow = typeof sharedDocuments.$inferSelect;

type FileFacts = {
  file_key: string;
  file_name: string;
  content_type: SniffedType;
  size: number;
};

const fileFacts = (row: FileFacts) => ({
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
  url: fileUrlOf(row.file_key),
});

const iso = (value: Date | string) => new Date(value).toISOString();

// ——— What members see ———

type MineRow = FileFacts & {
  id: string;
  space_id: string;
  space_name: string;
  title: string;
  shared_at: Date | string;
  acknowledged_at: Date | string | null;
};

/** The documents shared with the signed-in person now (directly, or with a space they belong to). */
export async function listMySharedDocuments(ctx: ServiceContext): Promise<TMySharedDocument[]> {
  const user = requireSignedIn(ctx.actor);
  const rows = await rowsOf<MineRow>(
    ctx.db,
    sql`SELECT d.id, d.space_id, sp.name AS space_name, d.title, f.key AS file_key, f.file_name,
               f.content_type, f.size, max(s.shared_at) AS shared_at, a.acknowledged_at
        FROM document_shares s
        JOIN shared_documents d ON d.id = s.document_id
        JOIN stored_files f ON f.key = d.file_key
        JOIN spaces sp ON sp.id = d.space_id
        LEFT JOIN document_acknowledgements a ON a.document_id = d.id AND a.user_id = ${user.id}
        WHERE s.revoked_at IS NULL
          AND (s.user_id = ${user.id}
               OR (s.user_id IS NULL
                   AND d.space_id IN (SELECT space_id FROM space_members WHERE user_id = ${user.id})))
        GROUP BY d.id, sp.name, f.key, a.acknowledged_at
        ORDER BY max(s.shared_at) DESC, d.id DESC
        LIMIT 200`,
  );
  return rows.map((row) => ({
    id: row.id,
    spaceId: row.space_id,
    spaceName: row.space_name,
    title: row.title,
    ...fileFacts(row),
    sharedAt: iso(row.shared_at),
    acknowledgedAt: row.acknowledged_at ? iso(row.acknowledged_at) : null,
  }));
}

/**
 * The member confirms they have read a document shared with them; once (a second call answers the first
 * confirmation and logs nothing). Someone it is not shared with gets `permission-denied`.
 */
export async function acknowledgeDocument(
  ctx: ServiceContext,
  documentId: string,
): Promise<{ acknowledgedAt: string }> {
  const user = requireSignedIn(ctx.actor);
  const document = await documentById(ctx.db, documentId);
  if (!(await isSharedWith(ctx.db, document.id, user.id)))
    throw new AppError('permission-denied', 'This document is not shared with you');
  return unitOfWork(ctx, async (work) => {
    const [added] = await work.db
      .insert(documentAcknowledgements)
      .values({ documentId, userId: user.id, acknowledgedAt: work.now })
      .onConflictDoNothing()
      .returning();
    if (added) {
      await logActivity(work, {
        kind: 'document.acknowledged',
        subject: { type: 'document', id: documentId },
        spaceId: document.spaceId,
        details: { title: document.title },
      });
      return { acknowledgedAt: added.acknowledgedAt.toISOString() };
    }
    const [kept] = await work.db
      .select()
      .from(documentAcknowledgements)
      .where(
        and(
          eq(documentAcknowledgements.documentId, documentId),
          eq(documentAcknowledgements.userId, user.id),
        ),
      );
    return { acknowledgedAt: kept!.acknowledgedAt.toISOString() };
  });
}

// ——— What managers see and do ———

async function documentById(db: Db | Tx, id: string): Promise<DocumentRow> {
  const [row] = await db.select().from(sharedDocuments).where(eq(sharedDocuments.id, id));
  if (!row) throw new AppError('not-found', `No document ${id}`);
  return row;
}

type ManagedRow = FileFacts & { id: string; title: string; created_at: Date | string };
type ShareRow = {
  id: string;
  document_id: string;
  user_id: string | null;
  member_name: string | null;
  shared_at: Date | string;
};
type ReaderRow = {
  document_id: string;
  user_id: string;
  name: string;
  acknowledged_at: Date | string | null;
};

/** Documents of a space (all of them, or one) with their live shares and who they are shared with now. */
async function managedDocuments(
  db: Db | Tx,
  spaceId: string,
  documentId: string | null = null,
): Promise<TManagedDocument[]> {
  const onlyOne = documentId ? sql`AND d.id = ${documentId}` : sql``;
  const [documents, shares, readers] = await readAll(db, [
    () =>
      rowsOf<ManagedRow>(
        db,
        sql`SELECT d.id, d.title, d.created_at, f.key AS file_key, f.file_name, f.content_type, f.size
          FROM shared_documents d JOIN stored_files f ON f.key = d.file_key
          WHERE d.space_id = ${spaceId} ${onlyOne}
          ORDER BY d.created_at DESC, d.id DESC LIMIT 200`,
      ),
    () =>
      rowsOf<ShareRow>(
        db,
        sql`SELECT s.id, s.document_id, s.user_id, u.name AS member_name, s.shared_at
          FROM document_shares s JOIN shared_documents d ON d.id = s.document_id
          LEFT JOIN users u ON u.id = s.user_id
          WHERE d.space_id = ${spaceId} AND s.revoked_at IS NULL ${onlyOne}
          ORDER BY s.shared_at, s.id`,
      ),
    // Who each document is shared with now: the members named, and every member of the space when it
    // is shared with all of them.
    () =>
      rowsOf<ReaderRow>(
        db,
        sql`WITH audience AS (
            SELECT s.document_id, s.user_id FROM document_shares s JOIN shared_documents d ON d.id = s.document_id
            WHERE d.space_id = ${spaceId} AND s.revoked_at IS NULL AND s.user_id IS NOT NULL ${onlyOne}
            UNION
            SELECT s.document_id, m.user_id FROM document_shares s JOIN shared_documents d ON d.id = s.document_id
            JOIN space_members m ON m.space_id = d.space_id
            WHERE d.space_id = ${spaceId} AND s.revoked_at IS NULL AND s.user_id IS NULL ${onlyOne})
          SELECT audience.document_id, u.id AS user_id, u.name, a.acknowledged_at
          FROM audience JOIN users u ON u.id = audience.user_id
          LEFT JOIN document_acknowledgements a ON a.document_id = audience.document_id AND a.user_id = u.id
          ORDER BY a.acknowledged_at NULLS LAST, u.name, u.id`,
      ),
  ]);
  return documents.map((row) => ({
    id: row.id,
    title: row.title,
    ...fileFacts(row),
    createdAt: iso(row.created_at),
    shares: shares
      .filter((share) => share.document_id === row.id)
      .map((share) => ({
        id: share.id,
        audience: share.user_id ? ('member' as const) : ('space' as const),
        memberId: share.user_id,
        memberName: share.user_id ? (share.member_name ?? '') : null,
        sharedAt: iso(share.shared_at),
      })),
    readers: readers
      .filter((reader) => reader.document_id === row.id)
      .map((reader) => ({
        userId: reader.user_id,
        name: reader.name,
        acknowledgedAt: reader.acknowledged_at ? iso(reader.acknowledged_at) : null,
      })),
  }));
}

async function managedDocument(db: Db | Tx, document: DocumentRow): Promise<TManagedDocument> {
  const [managed] = await managedDocuments(db, document.spaceId, document.id);
  return managed!;
}

/** The space's documents, and the people a document can be shared with (its members, by name). */
export async function listSpaceDocuments(ctx: ServiceContext, spaceId: string) {
  await requireRight(ctx, 'manage', spaceId);
  const [documents, members] = await readAll(ctx.db, [
    () => managedDocuments(ctx.db, spaceId),
    () =>
      rowsOf<{ id: string; name: string }>(
        ctx.db,
        sql`SELECT u.id, u.name FROM space_members m JOIN users u ON u.id = m.user_id
          WHERE m.space_id = ${spaceId} AND u.deleted_at IS NULL ORDER BY u.name, u.id`,
      ),
  ]);
  return { documents, members };
}

/**
 * Shares a document in the unit of work: checks the member belongs to the space, refuses a second live
 * share of the same audience (`already-exists`), logs it and queues the e-mail of each person it reaches.
 */
async function shareIn(
  work: WorkContext,
  document: DocumentRow,
  target: TShareTarget,
  /** For a document's first share (its upload): what file it is. */
  uploaded: { fileName: string; contentType: string } | null = null,
) {
  const memberId = target.audience === 'member' ? target.memberId : null;
  if (memberId && !(await spaceRoleOf(work.db, memberId, document.spaceId)))
    throw refused('not-a-member', 'A document is shared with members of its space only');
  const live = await work.db
    .select({ id: documentShares.id })
    .from(documentShares)
    .where(
      and(
        eq(documentShares.documentId, document.id),
        memberId ? eq(documentShares.userId, memberId) : isNull(documentShares.userId),
        isNull(documentShares.revokedAt),
      ),
    );
  if (live.length) throw new AppError('already-exists', 'This document is already shared so');
  const [share] = await work.db
    .insert(documentShares)
    .values({ documentId: document.id, userId: memberId, sharedById: work.actor!.id, sharedAt: work.now })
    .returning();
  await logActivity(work, {
    kind: 'document.shared',
    subject: { type: 'document', id: document.id },
    spaceId: document.spaceId,
    aboutUserId: memberId,
    details: { title: document.title, audience: target.audience, ...uploaded },
  });
  const recipients = memberId
    ? [memberId]
    : (
        await rowsOf<{ user_id: string }>(
          work.db,
          sql`SELECT user_id FROM space_members WHERE space_id = ${document.spaceId} AND user_id <> ${work.actor!.id}`,
        )
      ).map((row) => row.user_id);
  for (const userId of recipients)
    await enqueueJob(work.db, documentSharedMailJob, { shareId: share!.id, userId });
}

/**
 * Turns the manager's upload (purpose `shared-document`, not yet used) into a document of the space and
 * shares it (one `document.shared` entry, naming the file). The file then belongs to the space: its uploader's account deletion leaves it in place.
 */
export async function createSharedDocument(
  ctx: ServiceContext,
  input: { spaceId: string; fileKey: string; title: string; share: TShareTarget },
): Promise<TManagedDocument> {
  await requireRight(ctx, 'manage', input.spaceId);
  const user = requireSignedIn(ctx.actor);
  return unitOfWork(ctx, async (work) => {
    const [file] = await work.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.key, input.fileKey))
      .for('update');
    if (!file || file.ownerId !== user.id)
      throw new AppError('not-found', 'No such upload of yours', { reason: 'upload-missing' });
    if (file.purpose !== SHARED_DOCUMENT_PURPOSE)
      throw refused('wrong-purpose', 'This upload was not made for a shared document');
    const [document] = await work.db
      .insert(sharedDocuments)
      .values({
        spaceId: input.spaceId,
        fileKey: file.key,
        title: input.title,
        uploadedById: user.id,
        createdAt: work.now,
      })
      .returning();
    await work.db.update(storedFiles).set({ ownerId: null }).where(eq(storedFiles.key, file.key));
    await shareIn(work, document!, input.share, { fileName: file.fileName, contentType: file.contentType });
    return managedDocument(work.db, document!);
  });
}

export async function shareDocument(
  ctx: ServiceContext,
  input: { documentId: string; share: TShareTarget },
): Promise<TManagedDocument> {
  const document = await documentById(ctx.db, input.documentId);
  await requireRight(ctx, 'manage', document.spaceId);
  return unitOfWork(ctx, async (work) => {
    await shareIn(work, document, input.share);
    return managedDocument(work.db, document);
  });
}

/** Ends a share: the member (or the space's members) no longer see or download the document. */
export async function revokeDocumentShare(ctx: ServiceContext, shareId: string): Promise<TManagedDocument> {
  requireSignedIn(ctx.actor);
  const [share] = await ctx.db.select().from(documentShares).where(eq(documentShares.id, shareId));
  if (!share) throw new AppError('not-found', `No share ${shareId}`);
  const document = await documentById(ctx.db, share.documentId);
  await requireRight(ctx, 'manage', document.spaceId);
  return unitOfWork(ctx, async (work) => {
    const [revoked] = await work.db
      .update(documentShares)
      .set({ revokedAt: work.now, revokedById: work.actor!.id })
      .where(and(eq(documentShares.id, shareId), isNull(documentShares.revokedAt)))
      .returning();
    if (!revoked) throw refused('already-revoked', 'This share was already revoked');
    await logActivity(work, {
      kind: 'document.share_revoked',
      subject: { type: 'document', id: document.id },
      spaceId: document.spaceId,
      aboutUserId: share.userId,
      details: { title: document.title, audience: share.userId ? 'member' : 'space' },
    });
    return managedDocument(work.db, document);
  });
}
