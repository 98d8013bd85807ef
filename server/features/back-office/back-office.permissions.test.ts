// @databases pglite
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Agent, type TestApp } from '../../../tests/support/test-app';
import { storedFiles } from '../../db/schema/files';
import { spaceInvitations } from '../../db/schema/invitations';
import { spaceMembers } from '../../db/schema/memberships';
import { roomPhotos, rooms } from '../../db/schema/rooms';
import { spaceOpeningHours, spacePhotos, spaces } from '../../db/schema/spaces';
import { createFileKey } from '../../platform/storage';
import { PHOTO_PURPOSE } from '#contract/storage';
import { SAMPLE_ROOM } from './test-fixtures';

/**
 * Every back-office operation, called over HTTP by each kind of caller: signed out, a member of the space,
 * a manager of another space, a manager of the space, its owner, a platform admin.
 */
type Caller = 'anonymous' | 'member' | 'otherManager' | 'manager' | 'owner' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'member', 'otherManager', 'manager', 'owner', 'admin'];

let app: TestApp;
const agents = {} as Record<Caller, Agent>;
const userIds = {} as Record<Exclude<Caller, 'anonymous'>, string>;
const emails = {} as Record<Exclude<Caller, 'anonymous'>, string>;

interface Fixture {
  spaceId: string;
  otherSpaceId: string;
  roomId: string;
  photoId: string;
  roomPhotoId: string;
  invitationId: string;
  /** A fresh upload of each caller, purpose space-photo. */
  uploads: Record<string, string>;
}

let counter = 0;

/** A fresh space for one check: a room, photos, an open invitation, and the callers' roles in it. */
async function fixture(): Promise<Fixture> {
  const db = app.database.db;
  counter += 1;
  const [space] = await db
    .insert(spaces)
    .values({
      slug: `perm-${counter}`,
      name: `Espace ${counter}`,
      descriptionFr: 'Un lieu.',
      addressLine: '1 rue A',
      city: 'Paris',
      cityKey: 'paris',
      postcode: '75001',
    })
    .returning();
  const [other] = await db
    .insert(spaces)
    .values({ slug: `perm-other-${counter}`, name: 'Autre' })
    .returning();
  await db
    .insert(spaceOpeningHours)
    .values({ spaceId: space!.id, weekday: 1, opens: '09:00', closes: '18:00' });
  const [room] = await db
    .insert(rooms)
    .values({ spaceId: space!.id, ...SAMPLE_ROOM })
    .returning();
  const photoKey = createFileKey();
  await db.insert(storedFiles).values({
    key: photoKey,
    ownerId: userIds.owner,
    purpose: PHOTO_PURPOSE,
    contentType: 'image/png',
    size: 1,
    fileName: 'a.png',
  });
  const [photo] = await db.insert(spacePhotos).values({ spaceId: space!.id, fileKey: photoKey }).returning();
  const [roomPhoto] = await db.insert(roomPhotos).values({ roomId: room!.id, fileKey: photoKey }).returning();
  await db.insert(spaceMembers).values([
    { spaceId: space!.id, userId: userIds.owner, role: 'owner' },
    { spaceId: space!.id, userId: userIds.manager, role: 'manager' },
    { spaceId: space!.id, userId: userIds.member, role: 'member' },
    { spaceId: other!.id, userId: userIds.otherManager, role: 'manager' },
  ]);
  const [invitation] = await db
    .insert(spaceInvitations)
    .values({ spaceId: space!.id, email: `invitee-${counter}@example.com`, role: 'member' })
    .returning();
  const uploads: Record<string, string> = {};
  for (const [caller, id] of Object.entries(userIds)) {
    uploads[caller] = createFileKey();
    await db.insert(storedFiles).values({
      key: uploads[caller],
      ownerId: id,
      purpose: PHOTO_PURPOSE,
      contentType: 'image/png',
      size: 1,
      fileName: 'b.png',
    });
  }
  return {
    spaceId: space!.id,
    otherSpaceId: other!.id,
    roomId: room!.id,
    photoId: photo!.id,
    roomPhotoId: roomPhoto!.id,
    invitationId: invitation!.id,
    uploads,
  };
}

interface Case {
  name: string;
  input: (f: Fixture, caller: Caller) => unknown;
  /** Who succeeds; everyone else signed in gets `deniedStatus`, the signed-out caller 401. */
  allowed: Caller[];
  deniedStatus?: number;
}

const MANAGERS: Caller[] = ['manager', 'owner', 'admin'];
const OWNERS: Caller[] = ['owner', 'admin'];
const SIGNED_IN: Caller[] = ['member', 'otherManager', 'manager', 'owner', 'admin'];

const CASES: Case[] = [
  { name: 'listMySpaces', input: () => ({}), allowed: SIGNED_IN },
  { name: 'createSpace', input: () => ({ name: 'Nouvel espace' }), allowed: SIGNED_IN },
  { name: 'getSpace', input: (f) => ({ spaceId: f.spaceId }), allowed: MANAGERS },
  {
    name: 'updateIdentity',
    input: (f) => ({
      spaceId: f.spaceId,
      identity: { name: 'Nom', descriptionFr: 'Texte', descriptionEn: '', amenities: ['wifi'] },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'updateAddress',
    input: (f) => ({
      spaceId: f.spaceId,
      address: {
        addressLine: '2 rue B',
        postcode: '69001',
        city: 'Lyon',
        country: 'FR',
        latitude: 45.76,
        longitude: 4.83,
        timeZone: 'Europe/Paris',
      },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'setOpeningHours',
    input: (f) => ({ spaceId: f.spaceId, hours: [{ weekday: 2, opens: '08:00', closes: '12:00' }] }),
    allowed: MANAGERS,
  },
  {
    name: 'setClosures',
    input: (f) => ({
      spaceId: f.spaceId,
      closures: [{ startsOn: '2027-01-01', endsOn: '2027-01-02', label: 'Nouvel an' }],
    }),
    allowed: MANAGERS,
  },
  {
    name: 'updateBranding',
    input: (f) => ({
      spaceId: f.spaceId,
      branding: { subdomain: `perm${f.spaceId.slice(0, 8)}`, color: '#123456' },
    }),
    allowed: MANAGERS,
  },
  { name: 'checkSubdomain', input: (f) => ({ spaceId: f.spaceId, subdomain: 'libre' }), allowed: MANAGERS },
  { name: 'publish', input: (f) => ({ spaceId: f.spaceId }), allowed: MANAGERS },
  { name: 'archive', input: (f) => ({ spaceId: f.spaceId }), allowed: OWNERS },
  { name: 'createRoom', input: (f) => ({ spaceId: f.spaceId, room: SAMPLE_ROOM }), allowed: MANAGERS },
  {
    name: 'updateRoom',
    input: (f) => ({ roomId: f.roomId, room: { ...SAMPLE_ROOM, name: 'Autre nom' } }),
    allowed: MANAGERS,
  },
  { name: 'setRoomArchived', input: (f) => ({ roomId: f.roomId, archived: true }), allowed: MANAGERS },
  {
    name: 'addPhoto',
    input: (f, caller) => ({
      owner: { type: 'space', id: f.spaceId },
      fileKey: f.uploads[caller] ?? f.uploads.owner,
      altFr: 'Vue',
      altEn: 'View',
    }),
    allowed: MANAGERS,
  },
  {
    name: 'updatePhoto',
    input: (f) => ({ photoId: f.photoId, altFr: 'Salle', altEn: 'Room' }),
    allowed: MANAGERS,
  },
  {
    name: 'reorderPhotos',
    input: (f) => ({ owner: { type: 'space', id: f.spaceId }, photoIds: [f.photoId] }),
    allowed: MANAGERS,
  },
  { name: 'removePhoto', input: (f) => ({ photoId: f.roomPhotoId }), allowed: MANAGERS },
  { name: 'listTeam', input: (f) => ({ spaceId: f.spaceId }), allowed: MANAGERS },
  {
    name: 'invite',
    input: (f) => ({ spaceId: f.spaceId, email: `new-${f.spaceId}@example.com`, role: 'member' }),
    allowed: MANAGERS,
  },
  {
    name: 'invite (a manager)',
    input: (f) => ({ spaceId: f.spaceId, email: `boss-${f.spaceId}@example.com`, role: 'manager' }),
    allowed: OWNERS,
  },
  { name: 'cancelInvitation', input: (f) => ({ invitationId: f.invitationId }), allowed: MANAGERS },
  {
    name: 'removeFromTeam',
    input: (f) => ({ spaceId: f.spaceId, userId: userIds.member }),
    allowed: MANAGERS,
  },
  {
    name: 'removeFromTeam (a manager)',
    input: (f) => ({ spaceId: f.spaceId, userId: userIds.manager }),
    allowed: OWNERS,
  },
  // Only the person invited may accept; to anyone else the invitation does not exist.
  {
    name: 'acceptInvitation',
    input: (f) => ({ invitationId: f.invitationId }),
    allowed: [],
    deniedStatus: 404,
  },
];

beforeAll(async () => {
  app = await startTestApp();
  agents.anonymous = app.agent();
  for (const caller of CALLERS.filter((c): c is Exclude<Caller, 'anonymous'> => c !== 'anonymous')) {
    const { agent, user } = await app.signedIn({ isAdmin: caller === 'admin' });
    agents[caller] = agent;
    emails[caller] = user.email;
    userIds[caller] = user.id;
  }
});
afterAll(() => app.close());

describe('back-office permissions', () => {
  for (const testCase of CASES) {
    it(`${testCase.name}: ${testCase.allowed.join(', ') || 'nobody but the invitee'} may, the others may not`, async () => {
      const operation = testCase.name.split(' ')[0]!;
      for (const caller of CALLERS) {
        const f = await fixture();
        const response = await agents[caller].call(`backoffice.${operation}`, testCase.input(f, caller));
        const expected =
          caller === 'anonymous'
            ? 401
            : testCase.allowed.includes(caller)
              ? 200
              : (testCase.deniedStatus ?? 403);
        expect(response.status, `${caller} → ${await response.text()}`).toBe(expected);
      }
    });
  }
});

describe('public catalogue permissions', () => {
  it('shows a published space and its rooms to everyone, signed in or not', async () => {
    const f = await fixture();
    await app.database.db.update(spaces).set({ status: 'published' }).where(eq(spaces.id, f.spaceId));
    for (const caller of CALLERS) {
      for (const [name, data] of [
        ['spaces.get', { ref: f.spaceId }],
        ['rooms.get', { roomId: f.roomId, spaceRef: f.spaceId }],
        ['spaces.list', { page: 1 }],
        ['spaces.featured', {}],
        ['spaces.cities', {}],
        ['spaces.sitemap', {}],
        ['search.spaces', { city: 'Paris' }],
      ] as const) {
        expect((await agents[caller].call(name, data)).status, `${caller} ${name}`).toBe(200);
      }
    }
  });

  it('lets only the space’s owners, managers and admins preview a draft', async () => {
    const f = await fixture();
    for (const caller of CALLERS) {
      const expected = MANAGERS.includes(caller) ? 200 : 404;
      expect((await agents[caller].call('spaces.get', { ref: f.spaceId })).status, caller).toBe(expected);
      expect((await agents[caller].call('rooms.get', { roomId: f.roomId })).status, caller).toBe(expected);
    }
  });
});
