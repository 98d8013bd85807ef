// @databases pglite
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMUNITY_RATES } from '#contract/community';
import { startTestApp, type Agent, type TestApp, callOk as ok } from '../../../tests/support/test-app';
import { rowsOf } from '../../db/rows';
import { ads, communityMessages } from '../../db/schema/community';
import { localInstant } from '../reservations/reservations.fixtures';
import { addRole } from '../../db/factories.fixtures';
import { signInCommunity, decideReport, reportContent, showNameInDirectory } from './community.fixtures';

/**
 * The community over HTTP (docs/decisions/023): the directory, relayed messages, ads, reports and
 * decisions, asked by each kind of caller: signed out, a member of the space, a member of another space,
 * a manager of the space, a platform admin (who belongs to no space), and the author of what is asked about.
 */

// Monday 1 March 2027, 10:00 in Paris.
const START = new Date(localInstant('2027-03-01T10:00'));
let now = START;

type Caller = 'anonymous' | 'member' | 'other' | 'manager' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'member', 'other', 'manager', 'admin'];

let app: TestApp;
const agents = {} as Record<Caller | 'author', Agent>;
const people = {} as Record<Exclude<Caller, 'anonymous'> | 'author', { id: string; email: string }>;
let spaceId = '';
let otherSpaceId = '';

async function call(agent: Agent, name: string, data: unknown) {
  const response = await agent.call(name, data);
  const body = (await response.json()) as {
    result?: unknown;
    error?: { status: string; details?: { fields?: Array<{ path: string; message: string }> } };
  };
  return { status: response.status, result: body.result as never, error: body.error };
}

const AD = {
  category: 'desk',
  kind: 'offer',
  title: 'Bureau à partager près de la fenêtre',
  body: 'Un bureau **lumineux**, disponible le mardi.',
} as const;

async function postAd(agent: Agent = agents.author, extra: Record<string, unknown> = {}): Promise<string> {
  return (await ok<{ id: string }>(agent, 'community.createAd', { ...AD, spaceIds: [spaceId], ...extra })).id;
}

beforeAll(async () => {
  app = await startTestApp({ clock: () => now });
  const community = await signInCommunity(app, 'Camille');
  ({ spaceId, otherSpaceId } = community);
  Object.assign(agents, community.agents);
  Object.assign(people, community.people);
  await ok(agents.author, 'community.updateDirectorySettings', {
    visible: true,
    fields: ['name', 'skills', 'jobTitle'],
    links: ['https://example.org/camille'],
  });
  await app.database.db.execute(
    sql`update users set company = 'Secret Corp', skills = '{Typographie,Illustration}', job_title = 'Graphiste' where id = ${people.author.id}`,
  );
});
afterAll(() => app.close());
// Each test starts with fresh quotas (the limits have their own test, with their own people).
beforeEach(async () => {
  await app.database.db.execute(sql`delete from rate_limits where key like 'community:%'`);
});

/** The database's own refusal, under the query error that wraps it. */
async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return String(cause instanceof Error ? cause.message : error);
  }
  return 'accepted';
}

describe('the directory', () => {
  it('is off by default, and lists only those who opted in, with the fields they chose', async () => {
    const settings = await ok<{ visible: boolean; fields: string[] }>(
      agents.member,
      'community.getDirectorySettings',
      {},
    );
    expect(settings).toMatchObject({ visible: false, fields: ['name'], hidden: false });
    const { members } = await ok<{ members: Array<Record<string, unknown>> }>(
      agents.member,
      'community.searchDirectory',
      {},
    );
    expect(members.map((m) => m.id)).toEqual([people.author.id]);
    expect(members[0]).toMatchObject({
      name: 'Camille author',
      company: null,
      jobTitle: 'Graphiste',
      skills: ['Typographie', 'Illustration'],
      links: [],
      avatarUrl: null,
    });
  });

  it('searches the fields shown only: by skill yes, by a hidden company no', async () => {
    const search = async (q: string) =>
      (await ok<{ members: Array<{ id: string }> }>(agents.member, 'community.searchDirectory', { q }))
        .members;
    expect(await search('typo')).toHaveLength(1);
    expect(await search('graph')).toHaveLength(1);
    expect(await search('Secret')).toHaveLength(0);
    expect(await search('100%')).toHaveLength(0);
  });

  it('shows nobody of a space one does not belong to', async () => {
    const other = await ok<{ members: unknown[]; spaces: Array<{ id: string }> }>(
      agents.other,
      'community.searchDirectory',
      {},
    );
    expect(other.members).toEqual([]);
    const filtered = await ok<{ members: unknown[] }>(agents.other, 'community.searchDirectory', { spaceId });
    expect(filtered.members).toEqual([]);
    // A platform admin belongs to no space: the directory is the members'.
    expect((await ok<{ members: unknown[] }>(agents.admin, 'community.searchDirectory', {})).members).toEqual(
      [],
    );
  });

  it('follows the profile in the database: a changed company is found by its new name only, a deleted account is gone', async () => {
    const person = await app.signedIn({ name: 'Nina Durand' });
    await addRole(app.database.db, spaceId, person.user.id, 'member');
    await ok(person.agent, 'community.updateDirectorySettings', {
      visible: true,
      fields: ['name', 'company'],
      links: [],
    });
    const found = async (q: string) =>
      (
        await ok<{ members: Array<{ id: string }> }>(agents.member, 'community.searchDirectory', { q })
      ).members.some((m) => m.id === person.user.id);
    await app.database.db.execute(
      sql`update users set company = 'Ancienne Maison' where id = ${person.user.id}`,
    );
    expect(await found('ancienne')).toBe(true);
    await app.database.db.execute(
      sql`update users set company = 'Nouvelle Maison' where id = ${person.user.id}`,
    );
    expect(await found('ancienne')).toBe(false);
    expect(await found('NOUVELLE')).toBe(true);
    await app.database.db.execute(sql`update users set deleted_at = now() where id = ${person.user.id}`);
    expect(await found('nina')).toBe(false);
  });

  it('refuses links that are not web links', async () => {
    const { status, error } = await call(agents.member, 'community.updateDirectorySettings', {
      visible: true,
      fields: ['name'],
      links: ['javascript:alert(1)'],
    });
    expect(status).toBe(400);
    expect(error?.details?.fields?.[0]).toMatchObject({ path: 'links.0', message: 'linkInvalid' });
  });
});

describe('a relayed message', () => {
  it('reaches the member without either address, and can be answered the same way', async () => {
    const since = Date.now();
    await ok(agents.member, 'community.contactMember', {
      memberId: people.author.id,
      message: 'Bonjour,\n\nauriez-vous un moment pour parler typographie ?',
    });
    await app.settle();
    const mail = await app.smtp.waitForMail(people.author.email, { since });
    expect(mail.subject).toContain('Camille member');
    expect(mail.text).toContain('auriez-vous un moment pour parler typographie ?');
    expect(`${mail.text}${mail.html}`).not.toContain(people.member.email);
    const answerLink = mail.links.find((link) => link.includes('/community?reply='))!;
    const messageId = new URL(answerLink).searchParams.get('reply')!;
    expect(await ok(agents.author, 'community.getReceivedMessage', { messageId })).toMatchObject({
      senderName: 'Camille member',
      adTitle: null,
    });

    await ok(agents.author, 'community.answerMessage', { messageId, message: 'Avec plaisir, mardi ?' });
    await app.settle();
    const answer = await app.smtp.waitForMail(people.member.email, { since });
    expect(answer.text).toContain('Avec plaisir, mardi ?');
    expect(`${answer.text}${answer.html}`).not.toContain(people.author.email);
  });

  it('cannot reach someone who did not opt in, nor oneself', async () => {
    expect(
      (await call(agents.author, 'community.contactMember', { memberId: people.member.id, message: 'Hé' }))
        .status,
    ).toBe(404);
    expect(
      (await call(agents.author, 'community.contactMember', { memberId: people.author.id, message: 'Hé' }))
        .status,
    ).toBe(400);
  });
});

describe('ads', () => {
  it('renders Markdown harmless: no script, no javascript: link, no event handler, no raw HTML', async () => {
    const id = await postAd(agents.author, {
      body: [
        '<script>alert(1)</script>',
        '[clic](javascript:alert(2)) [ok](https://example.org)',
        '<img src="x" onerror="alert(3)">',
        '<div onclick="alert(4)">brut</div>',
        '![pixel](http://example.org/p.png)',
      ].join('\n\n'),
    });
    const ad = await ok<{ bodyHtml: string }>(agents.member, 'community.getAd', { id });
    // What was markup is shown as text: no element but the allowed ones, no attribute starting with "on".
    expect(ad.bodyHtml).not.toMatch(/<script|<img|<div|<[^>]*\son\w+=|href="javascript|src="http:/i);
    expect(ad.bodyHtml).toContain('&lt;script&gt;');
    expect(ad.bodyHtml).toContain('href="https://example.org"');
    await ok(agents.author, 'community.closeAd', { id });
  });

  it('disappears from the list and from members at its end, and stays its author’s', async () => {
    const id = await postAd(agents.author, { endsOn: '2027-03-03', title: 'Annonce courte' });
    const listed = async (agent: Agent) =>
      (await ok<{ ads: Array<{ id: string }> }>(agent, 'community.listAds', { spaceId })).ads.map(
        (ad) => ad.id,
      );
    expect(await listed(agents.member)).toContain(id);
    // 3 March 23:59 Paris: still on; 4 March 00:00 Paris: gone.
    now = new Date(localInstant('2027-03-03T23:59'));
    expect(await listed(agents.member)).toContain(id);
    now = new Date(localInstant('2027-03-04T00:00'));
    try {
      expect(await listed(agents.member)).not.toContain(id);
      expect((await call(agents.member, 'community.getAd', { id })).status).toBe(404);
      expect(
        (await call(agents.member, 'community.replyToAd', { adId: id, message: 'Encore ?' })).status,
      ).toBe(404);
      expect(await ok(agents.author, 'community.getAd', { id })).toMatchObject({ isAuthor: true });
    } finally {
      now = START;
    }
  });

  it('ends 30 days after by default and 90 days at most', async () => {
    const id = await postAd();
    const ad = await ok<{ endsOn: string }>(agents.author, 'community.getAd', { id });
    expect(ad.endsOn).toBe('2027-03-31');
    const tooLong = await call(agents.author, 'community.createAd', {
      ...AD,
      spaceIds: [spaceId],
      endsOn: '2027-05-31',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.details?.fields?.[0]).toMatchObject({ path: 'endsOn', message: 'endsOnRange' });
  });

  it('goes only to spaces its author belongs to, and the database holds to it', async () => {
    const refused = await call(agents.author, 'community.createAd', { ...AD, spaceIds: [otherSpaceId] });
    expect(refused.status).toBe(400);
    expect(refused.error?.details?.fields?.[0]).toMatchObject({ path: 'spaceIds', message: 'spaceNotYours' });
    const id = await postAd();
    expect(
      await refusal(
        app.database.db.execute(sql`insert into ad_spaces (space_id, ad_id) values (${otherSpaceId}, ${id})`),
      ),
    ).toMatch(/spaces its author belongs to/);
    expect(
      await refusal(
        app.database.db.execute(
          sql`update ads set ends_at = created_at + interval '120 days' where id = ${id}`,
        ),
      ),
    ).toMatch(/ads_ends_within_90_days/);
  });

  it('is replied to by e-mail, and closed by its author', async () => {
    const id = await postAd(agents.author, { title: 'Imprimante A3 à prêter' });
    const since = Date.now();
    await ok(agents.member, 'community.replyToAd', { adId: id, message: 'Je suis intéressé !' });
    await app.settle();
    const mail = await app.smtp.waitForMail(people.author.email, { since });
    expect(mail.subject).toContain('Imprimante A3 à prêter');
    expect(`${mail.text}${mail.html}`).not.toContain(people.member.email);
    expect((await call(agents.author, 'community.replyToAd', { adId: id, message: 'moi' })).status).toBe(400);
    await ok(agents.author, 'community.closeAd', { id });
    const mine = await ok<{ ads: Array<{ id: string; status: string }> }>(
      agents.author,
      'community.listAds',
      {
        mine: true,
      },
    );
    expect(mine.ads.find((ad) => ad.id === id)?.status).toBe('closed');
    expect((await call(agents.member, 'community.getAd', { id })).status).toBe(404);
  });
});

describe('limits against spam', () => {
  it('answer resource-exhausted past the replies of an hour and the ads of a day', async () => {
    const poster = await app.signedIn();
    const replier = await app.signedIn();
    await addRole(app.database.db, spaceId, poster.user.id, 'member');
    await addRole(app.database.db, spaceId, replier.user.id, 'member');
    const adIds: string[] = [];
    for (let i = 0; i < COMMUNITY_RATES.adsPerDay; i += 1) adIds.push(await postAd(poster.agent));
    const sixth = await call(poster.agent, 'community.createAd', { ...AD, spaceIds: [spaceId] });
    expect(sixth).toMatchObject({ status: 429, error: { status: 'RESOURCE_EXHAUSTED' } });

    for (let i = 0; i < COMMUNITY_RATES.repliesPerHour; i += 1) {
      await ok(replier.agent, 'community.replyToAd', { adId: adIds[i % adIds.length], message: `n°${i}` });
    }
    const tooMany = await call(replier.agent, 'community.replyToAd', { adId: adIds[0], message: 'encore' });
    expect(tooMany).toMatchObject({ status: 429, error: { status: 'RESOURCE_EXHAUSTED' } });
    // Refused attempts leave nothing behind.
    const [counted] = await rowsOf<{ count: number }>(
      app.database.db,
      sql`select count(*)::int as count from community_messages where sender_id = ${replier.user.id}`,
    );
    expect(counted?.count).toBe(COMMUNITY_RATES.repliesPerHour);
    await app.settle();
  });
});

describe('reports and decisions', () => {
  it('hide an ad: gone for members, and its author is told why by e-mail', async () => {
    const id = await postAd(agents.author, { title: 'Annonce douteuse' });
    const reportId = await reportContent(agents.member, 'ad', id, 'Ceci ressemble à une arnaque.');
    expect(
      (await call(agents.member, 'community.report', { subject: 'ad', subjectId: id, reason: 'Encore' }))
        .status,
    ).toBe(409);
    const { reports } = await ok<{ reports: Array<{ id: string; reason: string }> }>(
      agents.manager,
      'community.listReports',
      { spaceId },
    );
    expect(reports.find((report) => report.id === reportId)?.reason).toBe('Ceci ressemble à une arnaque.');
    const since = Date.now();
    await decideReport(agents.manager, reportId, 'hide', 'Annonce contraire au règlement de l’espace.');
    expect((await call(agents.member, 'community.getAd', { id })).status).toBe(404);
    const seen = await ok<{ status: string; hiddenReason: string }>(agents.author, 'community.getAd', { id });
    expect(seen).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Annonce contraire au règlement de l’espace.',
    });
    await app.settle();
    const mail = await app.smtp.waitForMail(people.author.email, { since });
    expect(mail.subject).toContain('Annonce douteuse');
    expect(mail.text).toContain('Annonce contraire au règlement de l’espace.');
    expect(mail.text).not.toContain(people.member.email);
    expect(
      (await call(agents.manager, 'community.decideReport', { reportId, decision: 'dismiss', reason: 'Non' }))
        .status,
    ).toBe(400);
  });

  it('hide a profile from the directory', async () => {
    const reported = await app.signedIn({ name: 'Profil signalé' });
    await addRole(app.database.db, spaceId, reported.user.id, 'member');
    await showNameInDirectory(reported.agent);
    const reportId = await reportContent(agents.member, 'profile', reported.user.id, 'Fiche injurieuse');
    await decideReport(agents.admin, reportId, 'hide', 'Propos injurieux');
    const { members } = await ok<{ members: Array<{ id: string }> }>(
      agents.member,
      'community.searchDirectory',
      {},
    );
    expect(members.map((m) => m.id)).not.toContain(reported.user.id);
    expect(await ok(reported.agent, 'community.getDirectorySettings', {})).toMatchObject({ hidden: true });
  });
});

/** What each caller is answered (HTTP status) for one operation, given a fresh subject. */
interface PermissionCase {
  input: () => Promise<unknown>;
  expect: Record<Caller, number>;
}

const signedIn = (status: number) => ({
  anonymous: 401,
  member: status,
  other: status,
  manager: status,
  admin: status,
});

async function freshReport(): Promise<string> {
  const id = await postAd(agents.author, { title: 'À examiner' });
  const reporter = await app.signedIn();
  await addRole(app.database.db, spaceId, reporter.user.id, 'member');
  return reportContent(reporter.agent, 'ad', id, 'Spam');
}

async function messageToAuthor(): Promise<string> {
  await app.database.db.delete(communityMessages).where(eq(communityMessages.recipientId, people.author.id));
  await ok(agents.member, 'community.contactMember', { memberId: people.author.id, message: 'Bonjour' });
  const [row] = await app.database.db
    .select({ id: communityMessages.id })
    .from(communityMessages)
    .where(eq(communityMessages.recipientId, people.author.id));
  return row!.id;
}

const PERMISSIONS: Record<string, PermissionCase> = {
  'community.getDirectorySettings': { input: async () => ({}), expect: signedIn(200) },
  'community.updateDirectorySettings': {
    input: async () => ({ visible: false, fields: ['name'], links: [] }),
    expect: signedIn(200),
  },
  'community.searchDirectory': { input: async () => ({ spaceId }), expect: signedIn(200) },
  'community.contactMember': {
    input: async () => ({ memberId: people.author.id, message: 'Bonjour' }),
    expect: { anonymous: 401, member: 200, other: 404, manager: 200, admin: 404 },
  },
  'community.getReceivedMessage': {
    input: async () => ({ messageId: await messageToAuthor() }),
    expect: { anonymous: 401, member: 404, other: 404, manager: 404, admin: 404 },
  },
  'community.answerMessage': {
    input: async () => ({ messageId: await messageToAuthor(), message: 'Merci' }),
    expect: { anonymous: 401, member: 404, other: 404, manager: 404, admin: 404 },
  },
  'community.listAds': { input: async () => ({ spaceId }), expect: signedIn(200) },
  'community.getAd': {
    input: async () => ({ id: await postAd() }),
    expect: { anonymous: 401, member: 200, other: 404, manager: 200, admin: 200 },
  },
  'community.createAd': {
    input: async () => ({ ...AD, spaceIds: [spaceId] }),
    expect: { anonymous: 401, member: 200, other: 400, manager: 200, admin: 400 },
  },
  'community.updateAd': {
    input: async () => ({ id: await postAd(), ad: { ...AD, title: 'Modifiée', spaceIds: [spaceId] } }),
    expect: { anonymous: 401, member: 403, other: 404, manager: 403, admin: 403 },
  },
  'community.closeAd': {
    input: async () => ({ id: await postAd() }),
    expect: { anonymous: 401, member: 403, other: 404, manager: 403, admin: 403 },
  },
  'community.replyToAd': {
    input: async () => ({ adId: await postAd(), message: 'Intéressé' }),
    expect: { anonymous: 401, member: 200, other: 404, manager: 200, admin: 404 },
  },
  'community.report': {
    input: async () => ({ subject: 'ad', subjectId: await postAd(), reason: 'Spam' }),
    expect: { anonymous: 401, member: 200, other: 404, manager: 200, admin: 200 },
  },
  'community.listReports': {
    input: async () => ({ spaceId }),
    expect: { anonymous: 401, member: 403, other: 403, manager: 200, admin: 200 },
  },
  'community.countOpenReports': {
    input: async () => ({ spaceId }),
    expect: { anonymous: 401, member: 403, other: 403, manager: 200, admin: 200 },
  },
  'community.decideReport': {
    input: async () => ({ reportId: await freshReport(), decision: 'dismiss', reason: 'Rien à redire' }),
    expect: { anonymous: 401, member: 404, other: 404, manager: 200, admin: 200 },
  },
  'community.reinstate': {
    input: async () => {
      const reportId = await freshReport();
      await decideReport(agents.manager, reportId, 'hide', 'Spam');
      const [report] = await rowsOf<{ ad_id: string }>(
        app.database.db,
        sql`select ad_id from community_reports where id = ${reportId}`,
      );
      return { subject: 'ad', subjectId: report!.ad_id, reason: 'Finalement conforme' };
    },
    expect: { anonymous: 401, member: 404, other: 404, manager: 200, admin: 200 },
  },
};

describe('who may call what', () => {
  it('covers every community operation', async () => {
    const { createRouter } = await import('../../callables');
    const names = createRouter({ auth: app.auth, fileStore: app.fileStore })
      .definitions()
      .map((def) => def.name)
      .filter((name) => name.startsWith('community.'))
      .sort();
    expect(Object.keys(PERMISSIONS).sort()).toEqual(names);
  });

  it.each(Object.entries(PERMISSIONS))('%s', async (name, permission) => {
    // The author's quota of ads per day is not what this checks.
    await app.database.db.execute(sql`delete from rate_limits where key like 'community:%'`);
    const answers = {} as Record<Caller, number>;
    for (const caller of CALLERS) {
      const input = await permission.input();
      answers[caller] = (await call(agents[caller], name, input)).status;
      await app.database.db.execute(sql`delete from rate_limits where key like 'community:%'`);
    }
    expect(answers).toEqual(permission.expect);
    await app.settle();
  });

  it('lets the author alone edit and close, and the recipient alone answer', async () => {
    const id = await postAd();
    await ok(agents.author, 'community.updateAd', {
      id,
      ad: { ...AD, title: 'Nouveau titre', spaceIds: [spaceId] },
    });
    expect(await ok(agents.member, 'community.getAd', { id })).toMatchObject({ title: 'Nouveau titre' });
    await ok(agents.author, 'community.closeAd', { id });
    const [row] = await app.database.db.select({ status: ads.status }).from(ads).where(eq(ads.id, id));
    expect(row?.status).toBe('closed');
    const messageId = await messageToAuthor();
    expect(await ok(agents.author, 'community.answerMessage', { messageId, message: 'Bien reçu' })).toEqual({
      sent: true,
    });
    await app.settle();
  });
});
