import { z } from './zod';
import { defineCallable } from './callable';
import { ZText, ZUuid } from './input';
import { FILE_PURPOSES, SNIFFED_TYPES, ZFileKey } from './storage';

/**
 * Documents a space shares with its members (docs/decisions/024-invoices-and-documents.md): a manager uploads
 * a file (purpose `shared-document`, its type sniffed from its bytes), shares it with one member or all
 * members of the space, sees who confirmed reading it, revokes a share. Members find them on /documents.
 */

export const SHARED_DOCUMENT_PURPOSE = 'shared-document';
export const SHARED_DOCUMENT_LIMITS = FILE_PURPOSES[SHARED_DOCUMENT_PURPOSE];
export const SHARE_AUDIENCES = ['member', 'space'] as const;
const ZMemberId = ZText.min(1).max(100);

export const ZDocumentTitle = ZText.trim().min(1, 'required').max(200, 'tooLong');

/** A share target: one member (their id) or every member of the space. */
export const ZShareTarget = z.discriminatedUnion('audience', [
  z.object({ audience: z.literal('member'), memberId: ZMemberId }),
  z.object({ audience: z.literal('space') }),
]);
export type TShareTarget = z.output<typeof ZShareTarget>;

const ZFileFacts = {
  fileName: z.string(),
  contentType: z.enum(SNIFFED_TYPES),
  size: z.number().int().positive(),
  /** The download, through `/api/files/<key>` (checked on every request). */
  url: z.string(),
};

/** A document as a member sees it on /documents. */
export const ZMySharedDocument = z.object({
  id: z.string(),
  spaceId: z.string(),
  spaceName: z.string(),
  title: z.string(),
  ...ZFileFacts,
  sharedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
});
export type TMySharedDocument = z.output<typeof ZMySharedDocument>;

export const ZDocumentShare = z.object({
  id: z.string(),
  audience: z.enum(SHARE_AUDIENCES),
  memberId: z.string().nullable(),
  memberName: z.string().nullable(),
  sharedAt: z.string(),
});

/** Someone a document is shared with now, and whether they confirmed reading it. */
export const ZDocumentReader = z.object({
  userId: z.string(),
  name: z.string(),
  acknowledgedAt: z.string().nullable(),
});

/** A document as its space's managers see it: its live shares and who has read it. */
export const ZManagedDocument = z.object({
  id: z.string(),
  title: z.string(),
  ...ZFileFacts,
  createdAt: z.string(),
  shares: z.array(ZDocumentShare),
  readers: z.array(ZDocumentReader),
});
export type TManagedDocument = z.output<typeof ZManagedDocument>;

export const ZSpaceMemberChoice = z.object({ id: z.string(), name: z.string() });

export const listMySharedDocuments = defineCallable({
  name: 'documents.listMine',
  input: z.object({}),
  output: z.array(ZMySharedDocument),
  mutates: false,
  access: 'signed-in',
});

export const listSpaceDocuments = defineCallable({
  name: 'documents.listSpace',
  input: z.object({ spaceId: ZUuid }),
  output: z.object({ documents: z.array(ZManagedDocument), members: z.array(ZSpaceMemberChoice) }),
  mutates: false,
  access: 'signed-in',
});

/** Turns an uploaded file (purpose `shared-document`) into a document of the space, shared at once. */
export const createSharedDocument = defineCallable({
  name: 'documents.create',
  input: z.object({ spaceId: ZUuid, fileKey: ZFileKey, title: ZDocumentTitle, share: ZShareTarget }),
  output: ZManagedDocument,
  mutates: true,
  access: 'signed-in',
});

export const shareDocument = defineCallable({
  name: 'documents.share',
  input: z.object({ documentId: ZUuid, share: ZShareTarget }),
  output: ZManagedDocument,
  mutates: true,
  access: 'signed-in',
});

export const revokeDocumentShare = defineCallable({
  name: 'documents.revokeShare',
  input: z.object({ shareId: ZUuid }),
  output: ZManagedDocument,
  mutates: true,
  access: 'signed-in',
});

/** The member confirms they have read a document shared with them (once; later calls change nothing). */
export const acknowledgeDocument = defineCallable({
  name: 'documents.acknowledge',
  input: z.object({ documentId: ZUuid }),
  output: z.object({ acknowledgedAt: z.string() }),
  mutates: true,
  access: 'signed-in',
});
