// @databases pglite
import { randomBytes } from 'node:crypto';
import {
  answersFor,
  describePermissions,
  permissionTestFile,
  type PermissionCase,
} from '../../../tests/support/permission-matrix';
import { documentShares, sharedDocuments } from '../../db/schema/documents';
import { storedFiles } from '../../db/schema/files';
import { CALLER_ROLES, type CallerRole } from '../../db/factories.fixtures';
import { invoicesRouter } from './invoices.fixtures';

/**
 * Who may call each shared-documents operation: anyone signed in lists what is shared with them; only the
 * space's owners and managers (and admins) list, create, share and revoke; only the people a document is
 * shared with confirm reading it (anyone else gets `permission-denied`).
 */
const { now, router, cast } = permissionTestFile(invoicesRouter, '2027-03-10T10:00', {
  otherMemberInSpace: true,
});

/** An upload for shared documents, as `role` would have made it. */
async function upload(role: CallerRole): Promise<string> {
  const key = randomBytes(16).toString('base64url');
  await cast.db.insert(storedFiles).values({
    key,
    ownerId: role === 'anonymous' ? null : cast.people[role].id,
    purpose: 'shared-document',
    contentType: 'application/pdf',
    size: 10,
    fileName: 'contrat.pdf',
  });
  return key;
}

/** A document of the space shared with the member alone; its id and its share's. */
async function sharedWithMember(): Promise<{ documentId: string; shareId: string }> {
  const [document] = await cast.db
    .insert(sharedDocuments)
    .values({ spaceId: cast.spaceId, fileKey: await upload('anonymous'), title: 'Contrat', createdAt: now })
    .returning();
  const [share] = await cast.db
    .insert(documentShares)
    .values({ documentId: document!.id, userId: cast.people.member.id, sharedAt: now })
    .returning();
  return { documentId: document!.id, shareId: share!.id };
}

const CASES: Array<PermissionCase<CallerRole>> = [
  {
    name: 'documents.listMine',
    input: () => ({}),
    expected: 'signed-in',
  },
  { name: 'documents.listSpace', input: () => ({ spaceId: cast.spaceId }), expected: 'space-managers' },
  {
    name: 'documents.create',
    input: async (role) => ({
      spaceId: cast.spaceId,
      fileKey: await upload(role),
      title: 'Règlement',
      share: { audience: 'space' },
    }),
    expected: 'space-managers',
  },
  {
    name: 'documents.share',
    input: async () => ({
      documentId: (await sharedWithMember()).documentId,
      share: { audience: 'space' },
    }),
    expected: 'space-managers',
  },
  {
    name: 'documents.revokeShare',
    input: async () => ({ shareId: (await sharedWithMember()).shareId }),
    expected: 'space-managers',
  },
  {
    name: 'documents.acknowledge',
    input: async () => ({ documentId: (await sharedWithMember()).documentId }),
    expected: answersFor(CALLER_ROLES, 'permission-denied', { anonymous: 'unauthenticated', member: 'ok' }),
  },
];

describePermissions('who may call each shared-documents operation', {
  router,
  cast,
  cases: CASES,
  operations: /^documents\./,
});
