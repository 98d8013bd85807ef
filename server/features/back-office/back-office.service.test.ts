// @databases pglite postgres
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileKey } from '../../platform/storage';
import { startTestApp, type Agent, type TestApp, callOk as ok } from '../../../tests/support/test-app';
import { users } from '../../db/schema/auth';
import { storedFiles } from '../../db/schema/files';
import { spaceInvitations } from '../../db/schema/invitations';
import { jobs } from '../../db/schema/jobs';
import { spaceClosures, spaces } from '../../db/schema/spaces';
import { PHOTO_PURPOSE } from '#contract/storage';
import { SAMPLE_ROOM } from './test-fixtures';

let app: TestApp;
let owner: { agent: Agent; user: { id: string; email: string } };

beforeAll(async () => {
  app = await startTestApp({ seeded: true });
  owner = await app.signedIn();
});
afterAll(() => app.close());

/** Calls an operation and answers its result, failing with the error body when it is refused. */
async function refused(agent: Agent, name: string, data: unknown) {
  const response = await agent.call(name, data);
  const body = (await response.json()) as { error: { status: string; details?: Record<string, unknown> } };
  return { httpStatus: response.status, ...body.error };
}

async function newDraft(name = 'Le Phare') {
  return ok<{ id: string }>(owner.agent, 'backoffice.createSpace', { name });
}

async function completeSpace(spaceId: string) {
  await ok(owner.agent, 'backoffice.updateIdentity', {
    spaceId,
    identity: {
      name: 'Le Phare',
      descriptionFr: 'Un coworking face à la mer.',
      descriptionEn: '',
      amenities: ['wifi'],
    },
  });
  await ok(owner.agent, 'backoffice.updateAddress', {
    spaceId,
    address: {
      addressLine: '3 quai Duguay-Trouin',
      postcode: '35400',
      city: 'Saint-Malo',
      country: 'fr',
      latitude: 48.649,
      longitude: -2.025,
      timeZone: 'Europe/Paris',
    },
  });
  await ok(owner.agent, 'backoffice.setOpeningHours', {
    spaceId,
    hours: [
      { weekday: 1, opens: '09:00', closes: '12:30' },
      { weekday: 1, opens: '13:30', closes: '18:00' },
    ],
  });
  await ok(owner.agent, 'backoffice.createRoom', { spaceId, room: SAMPLE_ROOM });
}

describe('a space from draft to published', () => {
  it('creates a draft owned by its creator, with a slug of its own', async () => {
    const first = await newDraft('Le Comptoir');
    const second = await newDraft('Le Comptoir');
    const [a] = await app.database.db.select().from(spaces).where(eq(spaces.id, first.id));
    const [b] = await app.database.db.select().from(spaces).where(eq(spaces.id, second.id));
    expect([a?.slug, b?.slug]).toEqual(['le-comptoir', 'le-comptoir-2']);
    expect(a?.status).toBe('draft');
    const mine = await ok<{ managed: Array<{ id: string; role: string }> }>(
      owner.agent,
      'backoffice.listMySpaces',
      {},
    );
    expect(mine.managed).toContainEqual(expect.objectContaining({ id: first.id, role: 'owner' }));
  });

  it('refuses to publish until name, description, address, hours and a priced room are there', async () => {
    const { id } = await newDraft();
    const early = await refused(owner.agent, 'backoffice.publish', { spaceId: id });
    expect(early).toMatchObject({
      status: 'FAILED_PRECONDITION',
      details: { missing: ['description', 'address', 'hours', 'rooms'] },
    });
    await completeSpace(id);
    await ok(owner.agent, 'backoffice.publish', { spaceId: id });
    const space = await ok<{ status: string; missing: string[]; address: { country: string } }>(
      owner.agent,
      'backoffice.getSpace',
      { spaceId: id },
    );
    expect(space).toMatchObject({ status: 'published', missing: [], address: { country: 'FR' } });
    const found = await ok<{ total: number; items: Array<{ id: string }> }>(owner.agent, 'search.spaces', {
      city: 'saint malo',
    });
    expect(found.items.map((item) => item.id)).toEqual([id]);
  });

  it('hides a draft and an archived space from the public, not from their managers', async () => {
    const { id } = await newDraft('Brouillon');
    const stranger = (await app.signedIn()).agent;
    expect((await stranger.call('spaces.get', { ref: id })).status).toBe(404);
    expect((await owner.agent.call('spaces.get', { ref: id })).status).toBe(200);
    await completeSpace(id);
    await ok(owner.agent, 'backoffice.publish', { spaceId: id });
    expect((await stranger.call('spaces.get', { ref: id })).status).toBe(200);
    await ok(owner.agent, 'backoffice.archive', { spaceId: id });
    expect((await stranger.call('spaces.get', { ref: id })).status).toBe(404);
    const listed = await ok<{ items: Array<{ id: string }> }>(stranger, 'spaces.list', { page: 1 });
    expect(listed.items.map((item) => item.id)).not.toContain(id);
  });
});

describe('validation', () => {
  it('refuses overlapping or reversed opening hours, field by field', async () => {
    const { id } = await newDraft();
    const answer = await refused(owner.agent, 'backoffice.setOpeningHours', {
      spaceId: id,
      hours: [
        { weekday: 2, opens: '09:00', closes: '13:00' },
        { weekday: 2, opens: '12:00', closes: '18:00' },
        { weekday: 3, opens: '18:00', closes: '09:00' },
      ],
    });
    expect(answer.status).toBe('INVALID_ARGUMENT');
    expect(answer.details?.fields).toEqual([
      { path: 'hours.1.opens', message: 'overlap' },
      { path: 'hours.2.closes', message: 'closes-before-opens' },
    ]);
  });

  it('refuses a room without any price and a maximum length below the minimum', async () => {
    const { id } = await newDraft();
    const answer = await refused(owner.agent, 'backoffice.createRoom', {
      spaceId: id,
      room: { ...SAMPLE_ROOM, hourlyPriceCents: null, minDurationMinutes: 120, maxDurationMinutes: 60 },
    });
    expect(answer.details?.fields).toEqual([
      { path: 'room.hourlyPriceCents', message: 'price-required' },
      { path: 'room.maxDurationMinutes', message: 'max-below-min' },
    ]);
  });

  it('keeps subdomains unique, and `beta` for nobody', async () => {
    const { id } = await newDraft();
    expect(await ok(owner.agent, 'backoffice.checkSubdomain', { spaceId: id, subdomain: 'acme' })).toEqual({
      available: false,
    });
    expect(await ok(owner.agent, 'backoffice.checkSubdomain', { spaceId: id, subdomain: 'phare' })).toEqual({
      available: true,
    });
    const taken = await refused(owner.agent, 'backoffice.updateBranding', {
      spaceId: id,
      branding: { subdomain: 'acme', color: null },
    });
    expect(taken).toMatchObject({
      status: 'ALREADY_EXISTS',
      details: { fields: [{ path: 'subdomain', message: 'subdomain-taken' }] },
    });
    const beta = await refused(owner.agent, 'backoffice.updateBranding', {
      spaceId: id,
      branding: { subdomain: 'beta', color: null },
    });
    expect(beta.status).toBe('INVALID_ARGUMENT');
    await ok(owner.agent, 'backoffice.updateBranding', {
      spaceId: id,
      branding: { subdomain: 'Phare', color: '#0E7490' },
    });
    const space = await ok<{ branding: unknown }>(owner.agent, 'backoffice.getSpace', { spaceId: id });
    expect(space.branding).toEqual({ subdomain: 'phare', color: '#0e7490' });
  });
});

describe('photos', () => {
  async function upload(ownerId: string) {
    const key = createFileKey();
    await app.fileStore.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    await app.database.db
      .insert(storedFiles)
      .values({ key, ownerId, purpose: PHOTO_PURPOSE, contentType: 'image/png', size: 4, fileName: 'p.png' });
    return key;
  }

  it('attaches the caller’s uploads in order, reorders them and removes them with their file', async () => {
    const { id } = await newDraft();
    const spaceOwner = { type: 'space', id };
    const first = await ok<{ id: string }>(owner.agent, 'backoffice.addPhoto', {
      owner: spaceOwner,
      fileKey: await upload(owner.user.id),
      altFr: 'Façade',
      altEn: 'Front',
    });
    const secondKey = await upload(owner.user.id);
    const second = await ok<{ id: string }>(owner.agent, 'backoffice.addPhoto', {
      owner: spaceOwner,
      fileKey: secondKey,
      altFr: 'Salle',
      altEn: 'Room',
    });
    await ok(owner.agent, 'backoffice.reorderPhotos', { owner: spaceOwner, photoIds: [second.id, first.id] });
    let space = await ok<{ photos: Array<{ id: string; altEn: string }> }>(
      owner.agent,
      'backoffice.getSpace',
      { spaceId: id },
    );
    expect(space.photos.map((p) => p.altEn)).toEqual(['Room', 'Front']);
    const partial = await refused(owner.agent, 'backoffice.reorderPhotos', {
      owner: spaceOwner,
      photoIds: [second.id],
    });
    expect(partial.details?.fields).toEqual([{ path: 'photoIds', message: 'photo-order' }]);
    await ok(owner.agent, 'backoffice.removePhoto', { photoId: second.id });
    space = await ok(owner.agent, 'backoffice.getSpace', { spaceId: id });
    expect(space.photos.map((p) => p.id)).toEqual([first.id]);
    expect(await app.fileStore.get(secondKey)).toBeNull();
  });

  it('refuses a file someone else uploaded', async () => {
    const { id } = await newDraft();
    const someone = await app.signedIn();
    const answer = await refused(owner.agent, 'backoffice.addPhoto', {
      owner: { type: 'space', id },
      fileKey: await upload(someone.user.id),
      altFr: '',
      altEn: '',
    });
    expect(answer.status).toBe('PERMISSION_DENIED');
  });
});

describe('the team', () => {
  it('invites by e-mail; the invited person accepts once signed in with that address', async () => {
    const { id } = await newDraft('La Criée');
    const email = `new-member-${Date.now()}@example.com`;
    const since = Date.now();
    expect(await ok(owner.agent, 'backoffice.invite', { spaceId: id, email, role: 'member' })).toEqual({
      status: 'invited',
    });
    const mail = await app.smtp.waitForMail(email, { since });
    expect(mail.subject).toBe('Invitation à rejoindre La Criée sur Escale');
    expect(mail.text).toContain(`${app.url}/myspaces`);

    const invited = await app.signedIn({ email });
    const waiting = await ok<{ invitations: Array<{ id: string; spaceName: string }> }>(
      invited.agent,
      'backoffice.listMySpaces',
      {},
    );
    expect(waiting.invitations).toEqual([expect.objectContaining({ spaceName: 'La Criée' })]);
    const someoneElse = await app.signedIn();
    expect(
      (
        await someoneElse.agent.call('backoffice.acceptInvitation', {
          invitationId: waiting.invitations[0]!.id,
        })
      ).status,
    ).toBe(404);
    await ok(invited.agent, 'backoffice.acceptInvitation', { invitationId: waiting.invitations[0]!.id });
    const after = await ok<{ member: Array<{ id: string }>; invitations: unknown[] }>(
      invited.agent,
      'backoffice.listMySpaces',
      {},
    );
    expect(after.member.map((space) => space.id)).toEqual([id]);
    expect(after.invitations).toEqual([]);
    const team = await ok<{ members: Array<{ email: string; role: string }> }>(
      owner.agent,
      'backoffice.listTeam',
      { spaceId: id },
    );
    expect(team.members.map((m) => m.role)).toEqual(['owner', 'member']);
    const again = await refused(owner.agent, 'backoffice.invite', { spaceId: id, email, role: 'member' });
    expect(again.details?.fields).toEqual([{ path: 'email', message: 'already-member' }]);
  });

  it('an invitation and its e-mail commit together: none when the transaction rolls back, one after commit', async () => {
    const { id } = await newDraft('La Halle');
    const email = `rollback-${Date.now()}@example.com`;
    const since = Date.now();
    // The jobs table refuses the invitation's e-mail for a moment: the invitation must not happen without it.
    await app.database.db.execute(
      sql`ALTER TABLE jobs ADD CONSTRAINT test_refuses_invitation_mail CHECK (kind <> 'backOffice.invitationMail') NOT VALID`,
    );
    try {
      const failed = await refused(owner.agent, 'backoffice.invite', { spaceId: id, email, role: 'member' });
      expect(failed.status).toBe('INTERNAL');
    } finally {
      await app.database.db.execute(sql`ALTER TABLE jobs DROP CONSTRAINT test_refuses_invitation_mail`);
    }
    await app.settle();
    const invitationsFor = () =>
      app.database.db.select().from(spaceInvitations).where(eq(spaceInvitations.email, email));
    expect(await invitationsFor()).toEqual([]);
    expect(app.smtp.mails.filter((mail) => mail.to.includes(email))).toEqual([]);

    await ok(owner.agent, 'backoffice.invite', { spaceId: id, email, role: 'member' });
    expect(await invitationsFor()).toHaveLength(1);
    const mail = await app.smtp.waitForMail(email, { since });
    expect(mail.subject).toBe('Invitation à rejoindre La Halle sur Escale');
    await app.settle();
    expect(app.smtp.mails.filter((received) => received.to.includes(email))).toHaveLength(1);
    const [job] = await app.database.db
      .select()
      .from(jobs)
      .where(
        sql`${jobs.kind} = 'backOffice.invitationMail' AND ${jobs.payload}->>'invitationId' = ${(await invitationsFor())[0]!.id}`,
      );
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('writes the invitation in the language of the invited person’s account, else in the inviter’s', async () => {
    const { id } = await newDraft('Le Quai');
    const english = await app.signedIn();
    await app.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, english.user.id));
    const since = Date.now();
    await ok(owner.agent, 'backoffice.invite', { spaceId: id, email: english.user.email, role: 'manager' });
    const mail = await app.smtp.waitForMail(english.user.email, { since });
    expect(mail.subject).toBe('Invitation to join Le Quai on Escale');
    expect(mail.text).toContain('as a manager');
    expect(mail.text).toContain(`See the invitation: ${app.url}/myspaces`);
    expect(mail.html).toContain('<html lang="en">');

    const newcomer = `newcomer-${Date.now()}@example.com`;
    await ok(owner.agent, 'backoffice.invite', { spaceId: id, email: newcomer, role: 'member' });
    const french = await app.smtp.waitForMail(newcomer, { since });
    expect(french.text).toContain('en tant que membre');
    expect(french.text).toContain(`Voir l’invitation : ${app.url}/myspaces`);
  });

  it('does not mail an invitation cancelled before its e-mail left', async () => {
    const { id } = await newDraft('Le Port');
    const email = `cancelled-${Date.now()}@example.com`;
    await app.jobs.stop();
    try {
      await ok(owner.agent, 'backoffice.invite', { spaceId: id, email, role: 'member' });
      const [invitation] = await app.database.db
        .select()
        .from(spaceInvitations)
        .where(eq(spaceInvitations.email, email));
      await ok(owner.agent, 'backoffice.cancelInvitation', { invitationId: invitation!.id });
    } finally {
      await app.jobs.start();
    }
    await app.settle();
    expect(app.smtp.mails.filter((mail) => mail.to.includes(email))).toEqual([]);
  });

  it('never removes the last owner', async () => {
    const { id } = await newDraft();
    const answer = await refused(owner.agent, 'backoffice.removeFromTeam', {
      spaceId: id,
      userId: owner.user.id,
    });
    expect(answer.status).toBe('FAILED_PRECONDITION');
  });
});

describe('closures', () => {
  // Far from any run's today, within the app's calendar (2000–2099): 2000 has ended, 2098 has not.
  const ended = { startsOn: '2000-08-01', endsOn: '2000-08-15', label: 'Été 2000' };
  const coming = { startsOn: '2098-12-24', endsOn: '2098-12-26', label: 'Noël' };

  it('lists only the closures that have not ended, and saving keeps the ended ones as history', async () => {
    const { id } = await newDraft();
    await app.database.db.insert(spaceClosures).values({ spaceId: id, ...ended });
    await ok(owner.agent, 'backoffice.setClosures', { spaceId: id, closures: [coming] });
    const listed = await ok<{ closures: unknown[] }>(owner.agent, 'backoffice.getSpace', {
      spaceId: id,
    });
    expect(listed.closures).toEqual([coming]);

    await ok(owner.agent, 'backoffice.setClosures', { spaceId: id, closures: [] });
    const stored = await app.database.db.select().from(spaceClosures).where(eq(spaceClosures.spaceId, id));
    expect(stored.map(({ startsOn, endsOn, label }) => ({ startsOn, endsOn, label }))).toEqual([ended]);
  });
});
