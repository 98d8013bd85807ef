// @databases pglite
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { documentShares, sharedDocuments } from '../../db/schema/documents';
import { storedFiles } from '../../db/schema/files';
import {
  CALLER_ROLES,
  callerOutcome,
  insertCallerCast,
  localInstant,
  type CallerRole,
} from '../reservations/reservations.fixtures';
import { invoicesRouter } from './invoices.fixtures';

/**
 * Who may call each shared-documents operation: anyone signed in lists what is shared with them; only the
 * space's owners and managers (and admins) list, create, share and revoke; only the people a document is
 * shared with confirm reading it (anyone else gets `permission-denied`).
 */
const NOW = new Date(localInstant('2027-03-10T10:00'));
const router = invoicesRouter(() => NOW);
let database: Database;
type Role = CallerRole;
const ROLES = CALLER_ROLES;
let people = {} as Awaited<ReturnType<typeof insertCallerCast>>['people'];
let spaceId = '';

beforeAll(async () => {
  database = await createTestDatabase();
  ({ spaceId, people } = await insertCallerCast(database.db, { otherMemberInSpace: true }));
});
afterAll(() => database.close());

const sessionOf = (role: Role) => (role === 'anonymous' ? null : people[role].session);

const outcome = (role: Role, name: string, input: unknown) =>
  callerOutcome(router, database.db, sessionOf(role), name, input);

/** An upload for shared documents, as `role` would have made it. */
async function upload(role: Role): Promise<string> {
  const key = randomBytes(16).toString('base64url');
  await database.db.insert(storedFiles).values({
    key,
    ownerId: role === 'anonymous' ? null : people[role].id,
    purpose: 'shared-document',
    contentType: 'application/pdf',
    size: 10,
    fileName: 'contrat.pdf',
  });
  return key;
}

/** A document of the space shared with the member alone; its id and its share's. */
async function sharedWithMember(): Promise<{ documentId: string; shareId: string }> {
  const [document] = await database.db
    .insert(sharedDocuments)
    .values({ spaceId, fileKey: await upload('anonymous'), title: 'Contrat', createdAt: NOW })
    .returning();
  const [share] = await database.db
    .insert(documentShares)
    .values({ documentId: document!.id, userId: people.member.id, sharedAt: NOW })
    .returning();
  return { documentId: document!.id, shareId: share!.id };
}

const managers = {
  anonymous: 'unauthenticated',
  unconfirmed: 'permission-denied',
  member: 'permission-denied',
  otherMember: 'permission-denied',
  otherManager: 'permission-denied',
  manager: 'ok',
  admin: 'ok',
} as const;

const CASES: Array<{
  name: string;
  input: (role: Role) => Promise<unknown> | unknown;
  expected: Record<Role, string>;
}> = [
  {
    name: 'documents.listMine',
    input: () => ({}),
    expected: {
      anonymous: 'unauthenticated',
      unconfirmed: 'ok',
      member: 'ok',
      otherMember: 'ok',
      otherManager: 'ok',
      manager: 'ok',
      admin: 'ok',
    },
  },
  { name: 'documents.listSpace', input: () => ({ spaceId }), expected: managers },
  {
    name: 'documents.create',
    input: async (role) => ({
      spaceId,
      fileKey: await upload(role),
      title: 'Règlement',
      share: { audience: 'space' },
    }),
    expected: managers,
  },
  {
    name: 'documents.share',
    input: async () => ({
      documentId: (await sharedWithMember()).documentId,
      share: { audience: 'space' },
    }),
    expected: managers,
  },
  {
    name: 'documents.revokeShare',
    input: async () => ({ shareId: (await sharedWithMember()).shareId }),
    expected: managers,
  },
  {
    name: 'documents.acknowledge',
    input: async () => ({ documentId: (await sharedWithMember()).documentId }),
    expected: {
      anonymous: 'unauthenticated',
      unconfirmed: 'permission-denied',
      member: 'ok',
      otherMember: 'permission-denied',
      otherManager: 'permission-denied',
      manager: 'permission-denied',
      admin: 'permission-denied',
    },
  },
];

describe('who may call each shared-documents operation', () => {
  for (const { name, input, expected } of CASES)
    it.each(ROLES)(`${name} as %s`, async (role) => {
      expect(await outcome(role, name, await input(role))).toBe(expected[role]);
    });
});
