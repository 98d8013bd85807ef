// @databases pglite postgres
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPng } from '../../../tests/support/file-samples';
import { startTestApp, type Agent, type TestApp, callOk as ok } from '../../../tests/support/test-app';
import { rowsOf } from '../../db/rows';
import { events } from '../../db/schema/events';
import { storedFiles } from '../../db/schema/files';
import { localInstant } from '../reservations/reservations.fixtures';
import { answersFor } from '../../../tests/support/permission-matrix';
import { addRole, CALLER_ROLES, insertSpace, type CallerRole } from '../../db/factories.fixtures';
import { WORKSHOP } from './events.fixtures';
import { refusalOf } from '../../../tests/support/database-refusal';

/**
 * An event's cover (docs/decisions/025): set, replaced and removed by those who run its space; public at
 * /media/<key> once the event's page is, and before that readable only by them (through /api/files).
 */

const NOW = new Date(localInstant('2027-02-01T08:00'));
type Role = CallerRole;
const ROLES = CALLER_ROLES;
/** HTTP statuses: the space's managers and admins only. */
const MANAGERS_ONLY = answersFor(ROLES, 403, { anonymous: 401, manager: 200, admin: 200 });

let app: TestApp;
const agents = {} as Record<Role, Agent>;
let spaceId = '';

async function call(agent: Agent, name: string, data: unknown) {
  const response = await agent.call(name, data);
  const body = (await response.json()) as { result?: unknown; error?: { status: string } };
  return { status: response.status, result: body.result as never, error: body.error };
}

const uploadCover = (agent: Agent, purpose = 'event-cover') => uploadPng(agent, purpose, 'cover.png');

async function draftEvent(): Promise<string> {
  return (await ok<{ id: string }>(agents.manager, 'events.create', { spaceId, event: WORKSHOP })).id;
}

const coverOf = (fileKey: string) => ({
  fileKey,
  altFr: 'Une fresque au mur',
  altEn: 'A fresco on the wall',
});

beforeAll(async () => {
  app = await startTestApp({ clock: () => NOW });
  const db = app.database.db;
  spaceId = await insertSpace(db);
  const otherSpace = await insertSpace(db);
  agents.anonymous = app.agent();
  for (const role of ROLES.slice(1)) {
    const { agent, user } = await app.signedIn({
      emailVerified: role !== 'unconfirmed',
      isAdmin: role === 'admin',
    });
    agents[role] = agent;
    if (role === 'member') await addRole(db, spaceId, user.id, 'member');
    if (role === 'otherMember') await addRole(db, otherSpace, user.id, 'member');
    if (role === 'otherManager') await addRole(db, otherSpace, user.id, 'owner');
    if (role === 'manager') await addRole(db, spaceId, user.id, 'manager');
  }
});
afterAll(() => app.close());

/** What each role gets reading the file through /api/files, and anyone at /media. */
async function readers(key: string) {
  const answers = {} as Record<Role | 'public', number>;
  for (const role of ROLES) answers[role] = (await agents[role].request(`/api/files/${key}`)).status;
  answers.public = (await agents.anonymous.request(`/media/${key}`)).status;
  return answers;
}

describe('events.setCover', () => {
  it('answers each role as it should', async () => {
    const answers = {} as Record<Role, number>;
    for (const role of ROLES) {
      const id = await draftEvent();
      // The caller's own upload when they can upload at all; the manager's otherwise.
      const key = await uploadCover(role === 'anonymous' ? agents.manager : agents[role]);
      answers[role] = (await call(agents[role], 'events.setCover', { id, cover: coverOf(key) })).status;
    }
    expect(answers).toEqual(MANAGERS_ONLY);
  });

  it('is read by the space’s managers while a draft, by anyone once published, at /media', async () => {
    const id = await draftEvent();
    const key = await uploadCover(agents.manager);
    await ok(agents.manager, 'events.setCover', { id, cover: coverOf(key) });
    // Once set it is the event's, no longer its uploader's.
    const [file] = await app.database.db.select().from(storedFiles).where(eq(storedFiles.key, key));
    expect(file?.ownerId).toBeNull();
    expect(await readers(key)).toEqual({ ...MANAGERS_ONLY, public: 404 });
    const managed = await ok<{ cover: { url: string } }>(agents.manager, 'events.getManaged', { id });
    expect(managed.cover).toEqual({ ...coverOf(key), url: `/api/files/${key}` });
    await ok(agents.manager, 'events.publish', { id });
    expect(await readers(key)).toEqual({
      anonymous: 401,
      unconfirmed: 200,
      member: 200,
      otherMember: 200,
      otherManager: 200,
      manager: 200,
      admin: 200,
      public: 200,
    });
    const page = await ok<{ cover: { url: string } }>(agents.anonymous, 'events.get', { id });
    expect(page.cover.url).toBe(`/media/${key}`);
    const media = await agents.anonymous.request(`/media/${key}`);
    expect(media.headers.get('content-type')).toBe('image/png');
    const upcoming = await ok<Array<{ id: string; cover: { url: string } | null }>>(
      agents.anonymous,
      'events.listUpcoming',
      { spaceId },
    );
    expect(upcoming.find((event) => event.id === id)?.cover?.url).toBe(`/media/${key}`);
  });

  it('replaces and removes the cover, erasing a file no event shows any more', async () => {
    const id = await draftEvent();
    const first = await uploadCover(agents.manager);
    await ok(agents.manager, 'events.setCover', { id, cover: coverOf(first) });
    // A duplicate shows the same file: removing the original's cover keeps it for the copy.
    const { id: copy } = await ok<{ id: string }>(agents.manager, 'events.duplicate', { id });
    const second = await uploadCover(agents.manager);
    await ok(agents.manager, 'events.setCover', { id, cover: coverOf(second) });
    expect(await app.fileStore.get(first)).not.toBeNull();
    await ok(agents.manager, 'events.setCover', { id: copy, cover: null });
    expect(await app.fileStore.get(first)).toBeNull();
    await ok(agents.manager, 'events.setCover', { id, cover: { ...coverOf(second), altFr: 'Autre texte' } });
    await ok(agents.manager, 'events.setCover', { id, cover: null });
    expect(await app.fileStore.get(second)).toBeNull();
    const kinds = await rowsOf<{ action: string }>(
      app.database.db,
      sql`SELECT details->>'action' AS action FROM activity_entries WHERE kind = 'event.cover_changed' AND subject_id = ${id} ORDER BY id`,
    );
    expect(kinds.map((row) => row.action)).toEqual(['added', 'replaced', 'updated', 'removed']);
  });

  it('refuses another person’s upload, a file of another kind and an empty French text', async () => {
    const id = await draftEvent();
    const someoneElses = await uploadCover(agents.admin);
    expect((await call(agents.manager, 'events.setCover', { id, cover: coverOf(someoneElses) })).status).toBe(
      403,
    );
    const adImage = await uploadCover(agents.manager, 'ad-image');
    expect((await call(agents.manager, 'events.setCover', { id, cover: coverOf(adImage) })).status).toBe(404);
    const mine = await uploadCover(agents.manager);
    expect(
      (await call(agents.manager, 'events.setCover', { id, cover: { ...coverOf(mine), altFr: ' ' } })).status,
    ).toBe(400);
    // The database refuses a private upload as a cover, whatever code writes it.
    expect(
      await refusalOf(
        app.database.db.update(events).set({ coverKey: adImage, coverAltFr: 'x' }).where(eq(events.id, id)),
      ),
    ).toMatchObject({ sqlState: '42501', message: expect.stringMatching(/cover is an event cover upload/) });
  });
});
