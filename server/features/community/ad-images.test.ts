// @databases pglite postgres
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE, PNG_BYTES } from '../../../tests/support/file-samples';
import { startTestApp, type Agent, type TestApp, callOk as ok } from '../../../tests/support/test-app';
import { rowsOf } from '../../db/rows';
import { ads } from '../../db/schema/community';
import { storedFiles } from '../../db/schema/files';
import { localInstant } from '../reservations/reservations.fixtures';
import { addRole } from '../../db/factories.fixtures';
import { signInCommunity, decideReport, reportContent, showNameInDirectory } from './community.fixtures';
import { refusalOf } from '../../../tests/support/database-refusal';

/**
 * An ad's image (docs/decisions/023): uploaded by its author, read by whoever may read the ad and by no
 * one else, hidden with the ad, erased when replaced, removed or when its author's account goes. And the
 * Digital Services Act's follow-ups: the reporter is told the outcome, and hidden content can be put back.
 */

const START = new Date(localInstant('2027-03-01T10:00'));
let now = START;

type Reader = 'anonymous' | 'member' | 'other' | 'author' | 'manager' | 'admin';
const READERS: Reader[] = ['anonymous', 'member', 'other', 'author', 'manager', 'admin'];

let app: TestApp;
const agents = {} as Record<Reader, Agent>;
const people = {} as Record<Exclude<Reader, 'anonymous'>, { id: string; email: string }>;
let spaceId = '';

async function call(agent: Agent, name: string, data: unknown) {
  const response = await agent.call(name, data);
  const body = (await response.json()) as {
    result?: unknown;
    error?: { status: string; details?: { fields?: Array<{ path: string; message: string }> } };
  };
  return { status: response.status, result: body.result as never, error: body.error };
}

function upload(agent: Agent, purpose: string, bytes: Uint8Array<ArrayBuffer>, name = 'photo.png') {
  return agent.request(`/api/files?purpose=${purpose}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'image/png' },
    body: bytes,
  });
}

async function uploadedKey(agent: Agent, purpose = 'ad-image'): Promise<string> {
  const response = await upload(agent, purpose, PNG_BYTES);
  expect(response.status).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

const AD = {
  category: 'equipment',
  kind: 'offer',
  title: 'Vélo cargo à prêter',
  body: 'Un vélo cargo, le **mercredi**.',
};

async function postAd(image: { fileKey: string; alt?: string } | null = null): Promise<string> {
  return (
    await ok<{ id: string }>(agents.author, 'community.createAd', {
      ...AD,
      spaceIds: [spaceId],
      ...(image ? { image } : {}),
    })
  ).id;
}

/** The HTTP status each reader gets for the file. */
async function readers(key: string): Promise<Record<Reader, number>> {
  const answers = {} as Record<Reader, number>;
  for (const reader of READERS) {
    answers[reader] = (await agents[reader].request(`/api/files/${key}`)).status;
  }
  return answers;
}

beforeAll(async () => {
  app = await startTestApp({ clock: () => now });
  const community = await signInCommunity(app, 'Dominique');
  spaceId = community.spaceId;
  Object.assign(agents, community.agents);
  Object.assign(people, community.people);
});
afterAll(() => app.close());
beforeEach(async () => {
  now = START;
  await app.database.db.execute(sql`delete from rate_limits where key like 'community:%'`);
});

describe('an ad’s image', () => {
  it('is read by the ad’s readers only: its spaces’ members, its author, their managers, admins', async () => {
    const key = await uploadedKey(agents.author);
    // Before it shows in an ad, only its uploader (and admins) read it.
    expect(await readers(key)).toEqual({
      anonymous: 401,
      member: 403,
      other: 403,
      author: 200,
      manager: 403,
      admin: 200,
    });
    const id = await postAd({ fileKey: key, alt: 'Un vélo cargo bleu devant la porte' });
    expect(await readers(key)).toEqual({
      anonymous: 401,
      member: 200,
      other: 403,
      author: 200,
      manager: 200,
      admin: 200,
    });
    const ad = await ok<{ image: { url: string; alt: string } }>(agents.member, 'community.getAd', { id });
    expect(ad.image).toMatchObject({ url: `/api/files/${key}`, alt: 'Un vélo cargo bleu devant la porte' });
    const { ads: listed } = await ok<{ ads: Array<{ id: string; imageUrl: string | null }> }>(
      agents.member,
      'community.listAds',
      {},
    );
    expect(listed.find((entry) => entry.id === id)?.imageUrl).toBe(`/api/files/${key}`);
  });

  it('follows the ad: hidden, closed or past its end, members no longer read it', async () => {
    const hiddenKey = await uploadedKey(agents.author);
    const hidden = await postAd({ fileKey: hiddenKey });
    const reportId = await reportContent(agents.member, 'ad', hidden, 'Image déplacée');
    await decideReport(agents.manager, reportId, 'hide', 'Hors sujet');
    const stillModerated = { anonymous: 401, member: 403, other: 403, author: 200, manager: 200, admin: 200 };
    expect(await readers(hiddenKey)).toEqual(stillModerated);

    const closedKey = await uploadedKey(agents.author);
    const closed = await postAd({ fileKey: closedKey });
    await ok(agents.author, 'community.closeAd', { id: closed });
    expect(await readers(closedKey)).toEqual(stillModerated);

    const endedKey = await uploadedKey(agents.author);
    await postAd({ fileKey: endedKey });
    now = new Date(START.getTime() + 31 * 86_400_000);
    expect(await readers(endedKey)).toEqual(stillModerated);
    await app.settle();
  });

  it('is replaced, described and removed by its author, and what it no longer shows is erased', async () => {
    const first = await uploadedKey(agents.author);
    const id = await postAd({ fileKey: first });
    const second = await uploadedKey(agents.author);
    await ok(agents.author, 'community.updateAd', {
      id,
      ad: { ...AD, spaceIds: [spaceId], image: { fileKey: second, alt: 'Le vélo de côté' } },
    });
    expect((await agents.author.request(`/api/files/${first}`)).status).toBe(404);
    expect(await app.fileStore.get(first)).toBeNull();
    // Absent: the image stays as it is.
    await ok(agents.author, 'community.updateAd', { id, ad: { ...AD, title: 'Vélo', spaceIds: [spaceId] } });
    expect(await ok(agents.member, 'community.getAd', { id })).toMatchObject({
      image: { url: `/api/files/${second}`, alt: 'Le vélo de côté' },
    });
    await ok(agents.author, 'community.updateAd', { id, ad: { ...AD, spaceIds: [spaceId], image: null } });
    expect(await ok(agents.member, 'community.getAd', { id })).toMatchObject({ image: null, imageUrl: null });
    expect((await agents.author.request(`/api/files/${second}`)).status).toBe(404);
    const entries = await rowsOf<{ details: { image?: string } }>(
      app.database.db,
      sql`select details from activity_entries where kind = 'ad.updated' and subject_id = ${id} order by id`,
    );
    expect(entries.map((entry) => entry.details.image)).toEqual(['replaced', undefined, 'removed']);
  });

  it('refuses a file that is not the author’s own ad image, and the database holds to it', async () => {
    const someoneElses = await uploadedKey(agents.member);
    const avatar = await uploadedKey(agents.author, 'avatar');
    for (const fileKey of [someoneElses, avatar]) {
      const { status, error } = await call(agents.author, 'community.createAd', {
        ...AD,
        spaceIds: [spaceId],
        image: { fileKey },
      });
      expect(status).toBe(400);
      expect(error?.details?.fields).toEqual([{ path: 'image', message: 'imageUnknown' }]);
    }
    // Shown in one ad only.
    const shared = await uploadedKey(agents.author);
    await postAd({ fileKey: shared });
    expect(
      (
        await call(agents.author, 'community.createAd', {
          ...AD,
          spaceIds: [spaceId],
          image: { fileKey: shared },
        })
      ).status,
    ).toBe(400);
    const id = await postAd();
    expect(
      await refusalOf(app.database.db.update(ads).set({ imageKey: someoneElses }).where(eq(ads.id, id))),
    ).toMatchObject({ sqlState: '42501', message: expect.stringMatching(/ad image its author uploaded/) });
  });

  it('refuses HTML named .png, whatever type it claims', async () => {
    for (const purpose of ['ad-image', 'event-cover']) {
      const response = await upload(agents.author, purpose, NOT_AN_IMAGE, 'page.png');
      expect(response.status).toBe(403);
      expect(
        ((await response.json()) as { error: { details: { reason: string } } }).error.details.reason,
      ).toBe('type');
    }
  });

  it('is erased with its author’s account, and the ad is closed', async () => {
    const leaving = await app.signedIn({ name: 'Qui part' });
    await addRole(app.database.db, spaceId, leaving.user.id, 'member');
    const key = await uploadedKey(leaving.agent);
    const { id } = await ok<{ id: string }>(leaving.agent, 'community.createAd', {
      ...AD,
      spaceIds: [spaceId],
      image: { fileKey: key, alt: 'Photo' },
    });
    await ok(leaving.agent, 'profile.deleteAccount', { confirmEmail: leaving.user.email });
    const [ad] = await app.database.db.select().from(ads).where(eq(ads.id, id));
    expect(ad).toMatchObject({ status: 'closed', imageKey: null });
    expect(await app.database.db.select().from(storedFiles).where(eq(storedFiles.key, key))).toEqual([]);
    expect(await app.fileStore.get(key)).toBeNull();
    expect((await agents.member.request(`/api/files/${key}`)).status).toBe(404);
  });
});

describe('after a report', () => {
  it('tells each reporter the outcome, naming neither the author nor the other reporters', async () => {
    const id = await postAd();
    const second = await app.signedIn({ name: 'Second signalement' });
    await addRole(app.database.db, spaceId, second.user.id, 'member');
    const first = await reportContent(agents.member, 'ad', id, 'Objet volé ?');
    await reportContent(second.agent, 'ad', id, 'Prix abusif');
    const since = Date.now();
    await decideReport(agents.manager, first, 'hide', 'Dominique author, vous proposez un objet interdit.');
    await app.settle();
    for (const [email, own] of [
      [people.member.email, 'Objet volé ?'],
      [second.user.email, 'Prix abusif'],
    ] as const) {
      const mail = await app.smtp.waitForMail(email, { since });
      expect(mail.subject).toBe('Votre signalement a été examiné');
      expect(mail.text).toContain('Vélo cargo à prêter');
      expect(mail.text).toContain('l’a masquée');
      expect(mail.text).toContain(own);
      // The reason was written to the author; neither their name nor their address is passed on.
      expect(mail.text).not.toContain('Dominique author');
      expect(mail.text).not.toContain(people.author.email);
    }
  });

  it('tells the reporter why a report was dismissed', async () => {
    const id = await postAd();
    const reportId = await reportContent(agents.member, 'ad', id, 'Je n’aime pas');
    const since = Date.now();
    await decideReport(agents.manager, reportId, 'dismiss', 'Cette annonce respecte le règlement.');
    await app.settle();
    const mail = await app.smtp.waitForMail(people.member.email, { since });
    expect(mail.text).toContain('n’a pas retenu votre signalement');
    expect(mail.text).toContain('Cette annonce respecte le règlement.');
  });

  it('lets a manager reinstate a hidden ad and profile, with a reason the author receives', async () => {
    const id = await postAd();
    const reportId = await reportContent(agents.member, 'ad', id, 'Spam');
    await decideReport(agents.manager, reportId, 'hide', 'Spam');
    expect((await call(agents.member, 'community.getAd', { id })).status).toBe(404);
    await app.settle();
    const since = Date.now();
    await ok(agents.manager, 'community.reinstate', {
      subject: 'ad',
      subjectId: id,
      reason: 'Après vérification, ce n’est pas du spam.',
    });
    expect(await ok(agents.member, 'community.getAd', { id })).toMatchObject({ status: 'open' });
    await app.settle();
    const mail = await app.smtp.waitForMail(people.author.email, { since });
    expect(mail.subject).toBe('Votre annonce « Vélo cargo à prêter » est de nouveau visible');
    expect(mail.text).toContain('Après vérification, ce n’est pas du spam.');
    const { reports } = await ok<{ reports: Array<{ id: string; subjectHidden: boolean }> }>(
      agents.manager,
      'community.listReports',
      { spaceId, status: 'upheld' },
    );
    expect(reports.find((report) => report.id === reportId)?.subjectHidden).toBe(false);
    // Not hidden any more: nothing to put back.
    expect(
      (await call(agents.manager, 'community.reinstate', { subject: 'ad', subjectId: id, reason: 'Encore' }))
        .status,
    ).toBe(400);
    const [entry] = await rowsOf<{ about_user_id: string; details: { reason: string } }>(
      app.database.db,
      sql`select about_user_id, details from activity_entries where kind = 'report.reinstated' and subject_id = ${id}`,
    );
    expect(entry).toMatchObject({
      about_user_id: people.author.id,
      details: { reason: 'Après vérification, ce n’est pas du spam.' },
    });

    await showNameInDirectory(agents.author);
    const profileReport = await reportContent(agents.member, 'profile', people.author.id, 'Faux profil');
    await decideReport(agents.admin, profileReport, 'hide', 'Profil à vérifier');
    const listedIds = async () =>
      (
        await ok<{ members: Array<{ id: string }> }>(agents.member, 'community.searchDirectory', {})
      ).members.map((member) => member.id);
    expect(await listedIds()).not.toContain(people.author.id);
    await ok(agents.admin, 'community.reinstate', {
      subject: 'profile',
      subjectId: people.author.id,
      reason: 'Identité vérifiée.',
    });
    expect(await listedIds()).toContain(people.author.id);
    await app.settle();
  });
});
