// @databases pglite postgres
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TManagedDocument, TMySharedDocument } from '#contract/documents';
import { SHARED_DOCUMENT_LIMITS } from '#contract/documents';
import { PNG_BYTES } from '../../../tests/support/file-samples';
import { startTestApp, type Agent, type TestApp } from '../../../tests/support/test-app';
import { rowsOf } from '../../db/rows';
import { addRole, insertSpace } from '../../db/factories.fixtures';
import { refusalOf } from '../../../tests/support/database-refusal';

/**
 * Documents a space shares (issue 15): a manager shares a contract with one member, who downloads it and
 * confirms reading it; another member of the space is refused (`permission-denied`); an HTML page renamed
 * `.pdf` is refused at upload; a revoked share is no longer seen nor downloaded.
 */

const CONTRACT = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const HTML_AS_PDF = new TextEncoder().encode(
  '<!doctype html><html><body><script>alert(1)</script></body></html>',
);

let app: TestApp;
let manager: { agent: Agent; user: { id: string; email: string } };
let member: { agent: Agent; user: { id: string; email: string } };
let otherMember: { agent: Agent; user: { id: string; email: string } };
let stranger: { agent: Agent; user: { id: string; email: string } };
let spaceId = '';

beforeAll(async () => {
  app = await startTestApp();
  manager = await app.signedIn();
  member = await app.signedIn({ name: 'Ada Membre' });
  otherMember = await app.signedIn({ name: 'Basile Voisin' });
  stranger = await app.signedIn();
  spaceId = await insertSpace(app.database.db);
  await addRole(app.database.db, spaceId, manager.user.id, 'manager');
  await addRole(app.database.db, spaceId, member.user.id, 'member');
  await addRole(app.database.db, spaceId, otherMember.user.id, 'member');
});
afterAll(() => app.close());

async function upload(agent: Agent, bytes: Uint8Array<ArrayBuffer>, name: string, type = 'application/pdf') {
  return agent.request(`/api/files?purpose=shared-document&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: bytes,
  });
}

async function call<T>(agent: Agent, name: string, data: unknown): Promise<T> {
  const response = await agent.call(name, data);
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (response.status !== 200) throw new Error(`${name} → ${response.status} ${JSON.stringify(body.error)}`);
  return body.result as T;
}

async function errorOf(agent: Agent, name: string, data: unknown): Promise<string> {
  const response = await agent.call(name, data);
  const body = (await response.json()) as { error?: { status: string } };
  return body.error?.status ?? `ok ${response.status}`;
}

async function share(title: string, target: unknown): Promise<TManagedDocument> {
  const uploaded = await upload(manager.agent, CONTRACT, `${title}.pdf`);
  expect(uploaded.status).toBe(201);
  const { key } = (await uploaded.json()) as { key: string };
  return call<TManagedDocument>(manager.agent, 'documents.create', {
    spaceId,
    fileKey: key,
    title,
    share: target,
  });
}

describe('shared documents', () => {
  it('a contract shared with one member: they download it, another member is refused', async () => {
    const since = Date.now();
    const document = await share('Contrat de domiciliation', {
      audience: 'member',
      memberId: member.user.id,
    });
    expect(document).toMatchObject({
      title: 'Contrat de domiciliation',
      contentType: 'application/pdf',
      fileName: 'Contrat de domiciliation.pdf',
      shares: [{ audience: 'member', memberId: member.user.id, memberName: 'Ada Membre' }],
      readers: [{ userId: member.user.id, acknowledgedAt: null }],
    });

    const mine = await call<TMySharedDocument[]>(member.agent, 'documents.listMine', {});
    expect(mine.map((entry) => entry.title)).toEqual(['Contrat de domiciliation']);
    const download = await member.agent.request(mine[0]!.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(CONTRACT);

    // The other member of the same space, and someone of no space, are refused.
    for (const other of [otherMember, stranger]) {
      expect(await call<TMySharedDocument[]>(other.agent, 'documents.listMine', {})).toEqual([]);
      const refused = await other.agent.request(document.url);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        error: { code: 'storage/unauthorized', details: { reason: 'permission' } },
      });
      expect(await errorOf(other.agent, 'documents.acknowledge', { documentId: document.id })).toBe(
        'PERMISSION_DENIED',
      );
    }
    // The manager reads it too, and a platform admin.
    expect((await manager.agent.request(document.url)).status).toBe(200);
    expect((await (await app.signedIn({ isAdmin: true })).agent.request(document.url)).status).toBe(200);

    // The member is told by e-mail, in their language, with a link to /documents.
    await app.settle();
    const mail = await app.smtp.waitForMail(member.user.email, { since });
    expect(mail.subject).toContain('Contrat de domiciliation');
    expect(mail.links.some((link) => link.endsWith('/documents'))).toBe(true);
  });

  it('refuses an HTML page renamed .pdf, with the type reason, whatever type is claimed', async () => {
    for (const type of ['application/pdf', 'text/html', 'application/octet-stream']) {
      const response = await upload(manager.agent, HTML_AS_PDF, 'contrat.pdf', type);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        error: { code: 'storage/unauthorized', details: { reason: 'type' } },
      });
    }
    const tooBig = new Uint8Array(SHARED_DOCUMENT_LIMITS.maxBytes + 1);
    tooBig.set(CONTRACT);
    expect((await upload(manager.agent, tooBig, 'gros.pdf')).status).toBe(413);
    // An image is a document too.
    expect((await upload(manager.agent, PNG_BYTES, 'plan.png', 'image/png')).status).toBe(201);
  });

  it('records the read acknowledgement once; the manager sees who has read and who has not', async () => {
    const document = await share('Règlement intérieur', { audience: 'space' });
    const first = await call<{ acknowledgedAt: string }>(member.agent, 'documents.acknowledge', {
      documentId: document.id,
    });
    const again = await call<{ acknowledgedAt: string }>(member.agent, 'documents.acknowledge', {
      documentId: document.id,
    });
    expect(again.acknowledgedAt).toBe(first.acknowledgedAt);
    const { documents } = await call<{ documents: TManagedDocument[] }>(
      manager.agent,
      'documents.listSpace',
      {
        spaceId,
      },
    );
    const managed = documents.find((entry) => entry.id === document.id)!;
    const readers = Object.fromEntries(
      managed.readers.map((reader) => [reader.userId, reader.acknowledgedAt]),
    );
    expect(readers[member.user.id]).toBe(first.acknowledgedAt);
    expect(readers[otherMember.user.id]).toBeNull();
    expect(readers).not.toHaveProperty(stranger.user.id);
    const [entries] = await rowsOf<{ count: number }>(
      app.database.db,
      sql`SELECT count(*)::int AS count FROM activity_entries
          WHERE kind = 'document.acknowledged' AND subject_id = ${document.id}`,
    );
    expect(entries!.count).toBe(1);
    const mine = await call<TMySharedDocument[]>(member.agent, 'documents.listMine', {});
    expect(mine.find((entry) => entry.id === document.id)?.acknowledgedAt).toBe(first.acknowledgedAt);
  });

  it('a revoked share is no longer listed nor downloaded; sharing twice the same way is refused', async () => {
    const document = await share('Charte wifi', { audience: 'space' });
    expect((await otherMember.agent.request(document.url)).status).toBe(200);
    expect(
      await errorOf(manager.agent, 'documents.share', {
        documentId: document.id,
        share: { audience: 'space' },
      }),
    ).toBe('ALREADY_EXISTS');
    expect(
      await errorOf(manager.agent, 'documents.share', {
        documentId: document.id,
        share: { audience: 'member', memberId: stranger.user.id },
      }),
    ).toBe('FAILED_PRECONDITION');
    const withMember = await call<TManagedDocument>(manager.agent, 'documents.share', {
      documentId: document.id,
      share: { audience: 'member', memberId: member.user.id },
    });
    const spaceShare = withMember.shares.find((entry) => entry.audience === 'space')!;
    const after = await call<TManagedDocument>(manager.agent, 'documents.revokeShare', {
      shareId: spaceShare.id,
    });
    expect(after.shares.map((entry) => entry.audience)).toEqual(['member']);
    expect((await otherMember.agent.request(document.url)).status).toBe(403);
    expect(
      (await call<TMySharedDocument[]>(otherMember.agent, 'documents.listMine', {})).map((entry) => entry.id),
    ).not.toContain(document.id);
    // Still shared with the member directly.
    expect((await member.agent.request(document.url)).status).toBe(200);
    expect(await errorOf(manager.agent, 'documents.revokeShare', { shareId: spaceShare.id })).toBe(
      'FAILED_PRECONDITION',
    );
    // A member cannot revoke.
    expect(await errorOf(member.agent, 'documents.revokeShare', { shareId: after.shares[0]!.id })).toBe(
      'PERMISSION_DENIED',
    );
  });

  it('only the uploader turns their own upload for documents into a document', async () => {
    const uploaded = await upload(manager.agent, CONTRACT, 'x.pdf');
    const { key } = (await uploaded.json()) as { key: string };
    const input = { spaceId, fileKey: key, title: 'X', share: { audience: 'space' } };
    expect(await errorOf(member.agent, 'documents.create', input)).toBe('PERMISSION_DENIED');
    const avatar = await manager.agent.request('/api/files?purpose=avatar&name=a.png', {
      method: 'POST',
      headers: { 'Content-Type': 'image/png' },
      body: PNG_BYTES,
    });
    const avatarKey = ((await avatar.json()) as { key: string }).key;
    expect(await errorOf(manager.agent, 'documents.create', { ...input, fileKey: avatarKey })).toBe(
      'FAILED_PRECONDITION',
    );
    await call(manager.agent, 'documents.create', input);
    // Used once; and the space's file can no longer be deleted as the uploader's own.
    expect(await errorOf(manager.agent, 'documents.create', input)).toBe('NOT_FOUND');
    expect((await manager.agent.request(`/api/files/${key}`, { method: 'DELETE' })).status).toBe(403);
  });

  it('the database keeps shares and acknowledgements as given', async () => {
    const { db } = app.database;
    expect(await refusalOf(db.execute(sql`DELETE FROM document_shares`))).toMatchObject({
      sqlState: '42501',
      message: expect.stringMatching(/share is revoked, never deleted/),
    });
    expect(
      await refusalOf(db.execute(sql`UPDATE document_acknowledgements SET acknowledged_at = now()`)),
    ).toMatchObject({
      sqlState: '42501',
      message: expect.stringMatching(/read acknowledgement is kept as given/),
    });
    expect(await refusalOf(db.execute(sql`DELETE FROM shared_documents`))).toMatchObject({
      sqlState: '42501',
      message: expect.stringMatching(/shared document keeps its space and its file/),
    });
    expect(
      await refusalOf(
        db.execute(sql`UPDATE document_shares SET revoked_at = NULL WHERE revoked_at IS NOT NULL`),
      ),
    ).toMatchObject({ sqlState: '42501', message: expect.stringMatching(/may only be revoked, once/) });
  });

  it('puts the member’s acknowledgements in their personal-data export', async () => {
    const data = await call<{ documentAcknowledgements: Array<{ document: string }> }>(
      member.agent,
      'profile.exportData',
      {},
    );
    expect(data.documentAcknowledgements.map((entry) => entry.document)).toContain('Règlement intérieur');
  });
});
