// @databases pglite
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityKind, TActivityItem } from '#contract/activity';
import { AppError } from '#contract/errors';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { users } from '../../db/schema/auth';
import { recordActivity, type ActivityEntry } from '../../platform/activity';
import { createCallableRouter } from '../../platform/callables';
import { contextFor } from '../reservations/reservations.fixtures';
import { addRole, insertPerson, insertSpace, type TestPerson } from '../../db/factories.fixtures';
import { activityCallables } from './activity.callables';
import { describeActivity, reasonOf } from '#contract/activity-sentence';
import { namespaceTranslator } from '../../platform/translations';
import { getFilterOptions, listActivity, type ActivityQuery } from './activity.service';

/**
 * Who sees which entries of the log, filters, and pages without gaps or duplicates. Entries are written
 * with `recordActivity`, as the services write them in their transactions.
 */

const database = testDatabaseForFile();
const people = {} as Record<
  'member' | 'stranger' | 'manager' | 'otherOwner' | 'admin' | 'leaver',
  TestPerson
>;
let space: string;
let otherSpace: string;
const router = createCallableRouter(activityCallables);
const base = new Date('2026-05-04T10:00:00Z');
const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);

async function record(entry: Partial<ActivityEntry> & Pick<ActivityEntry, 'kind' | 'actor'>) {
  await recordActivity(database.db, {
    subject: { type: 'reservation', id: 'subject' },
    occurredAt: base,
    ...entry,
  });
}

function query(input: Partial<ActivityQuery> = {}): ActivityQuery {
  return { scope: 'mine', pageSize: 100, ...input };
}

async function list(person: TestPerson, input: Partial<ActivityQuery> = {}) {
  return listActivity({ db: database.db, actor: person.session.user }, query(input));
}

const kindsOf = (items: TActivityItem[]) => items.map((item) => item.kind);

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

beforeAll(async () => {
  const db = database.db;
  space = await insertSpace(db);
  otherSpace = await insertSpace(db, { timeZone: 'America/New_York' });
  people.member = await insertPerson(db, { name: 'Camille Martin' });
  people.stranger = await insertPerson(db, { name: 'Léa Petit' });
  people.manager = await insertPerson(db, { name: 'Julien Moreau' });
  people.otherOwner = await insertPerson(db, { name: 'Sam Owner' });
  people.admin = await insertPerson(db, { isAdmin: true, name: 'Admin' });
  people.leaver = await insertPerson(db, { name: 'Gone Soon' });
  await addRole(db, space, people.member.id, 'member');
  await addRole(db, space, people.leaver.id, 'member');
  await addRole(db, space, people.manager.id, 'manager');
  await addRole(db, otherSpace, people.stranger.id, 'member');
  await addRole(db, otherSpace, people.otherOwner.id, 'owner');

  const slot = {
    roomName: 'Salle Parmentier',
    startsAt: '2026-05-11T07:00:00.000Z',
    endsAt: '2026-05-11T08:00:00.000Z',
  };
  const member = { type: 'user', id: people.member.id } as const;
  const manager = { type: 'user', id: people.manager.id } as const;
  await record({
    kind: 'reservation.created',
    actor: member,
    spaceId: space,
    details: slot,
    occurredAt: at(1),
  });
  await record({
    kind: 'reservation.cancelled',
    actor: manager,
    aboutUserId: people.member.id,
    spaceId: space,
    details: { ...slot, reason: 'Fuite d’eau' },
    occurredAt: at(2),
  });
  await record({
    kind: 'profile.updated',
    actor: member,
    subject: { type: 'user', id: people.member.id },
    occurredAt: at(3),
  });
  await record({
    kind: 'reservation.completed',
    actor: { type: 'system' },
    aboutUserId: people.member.id,
    spaceId: space,
    details: slot,
    occurredAt: at(4),
  });
  await record({
    kind: 'reservation.created',
    actor: { type: 'user', id: people.stranger.id },
    spaceId: otherSpace,
    details: { roomName: 'Loft', startsAt: '2026-05-12T14:00:00.000Z', endsAt: '2026-05-12T15:00:00.000Z' },
    occurredAt: at(5),
  });
  await record({
    kind: 'space.updated',
    actor: { type: 'user', id: people.otherOwner.id },
    spaceId: otherSpace,
    subject: { type: 'space', id: otherSpace },
    occurredAt: at(6),
  });
  await record({
    kind: 'room.price_changed',
    actor: manager,
    spaceId: space,
    subject: { type: 'room', id: 'room-1' },
    details: { roomName: 'Salle Parmentier' },
    changes: { hourlyPriceCents: { before: 3000, after: 3500 } },
    occurredAt: at(7),
  });
  await record({
    kind: 'member.joined',
    actor: { type: 'user', id: people.leaver.id },
    spaceId: space,
    occurredAt: at(8),
  });
  // The leaver deletes their account: their row stays, anonymised.
  await db
    .update(users)
    .set({ name: 'Deleted', deletedAt: at(9) })
    .where(eq(users.id, people.leaver.id));
});

describe('who sees what', () => {
  it('shows a member what they did and what was done about them, newest first, and nothing else', async () => {
    const { items } = await list(people.member);
    expect(kindsOf(items)).toEqual([
      'reservation.completed',
      'profile.updated',
      'reservation.cancelled',
      'reservation.created',
    ]);
    const cancelled = items.find((item) => item.kind === 'reservation.cancelled')!;
    expect(cancelled.actor).toEqual({ type: 'person', id: people.manager.id, name: 'Julien Moreau' });
    expect(cancelled.about).toEqual({ type: 'person', id: people.member.id, name: 'Camille Martin' });
    expect(cancelled.details.reason).toBe('Fuite d’eau');
    expect(cancelled.space).toMatchObject({ id: space, timeZone: 'Europe/Paris' });
    expect(items[0]!.actor).toEqual({ type: 'system', id: null, name: null });
  });

  it('never shows a member of another space the entries of this one', async () => {
    const { items } = await list(people.stranger);
    expect(kindsOf(items)).toEqual(['reservation.created']);
    expect(items[0]!.space?.id).toBe(otherSpace);
    expect((await list(people.stranger, { spaceId: space })).items).toEqual([]);
    expect(await refusal(list(people.stranger, { scope: 'spaces' }))).toBe('permission-denied');
    expect(await refusal(list(people.stranger, { scope: 'spaces', spaceId: space }))).toBe(
      'permission-denied',
    );
    expect(await refusal(list(people.stranger, { scope: 'all' }))).toBe('permission-denied');
  });

  it('shows a manager everything in their spaces, with names, a deleted account as such', async () => {
    const { items } = await list(people.manager, { scope: 'spaces' });
    expect(kindsOf(items)).toEqual([
      'member.joined',
      'room.price_changed',
      'reservation.completed',
      'reservation.cancelled',
      'reservation.created',
    ]);
    expect(items[0]!.actor).toEqual({ type: 'deleted', id: null, name: null });
    expect(items.at(-1)!.actor.name).toBe('Camille Martin');
    expect(items[1]!.changes).toEqual({ hourlyPriceCents: { before: 3000, after: 3500 } });
    expect(await refusal(list(people.manager, { scope: 'spaces', spaceId: otherSpace }))).toBe(
      'permission-denied',
    );
    expect(await refusal(list(people.manager, { scope: 'all' }))).toBe('permission-denied');
  });

  it('filters a manager’s view by person (as actor or concerned), kind and period', async () => {
    const byPerson = await list(people.manager, { scope: 'spaces', personId: people.member.id });
    expect(kindsOf(byPerson.items)).toEqual([
      'reservation.completed',
      'reservation.cancelled',
      'reservation.created',
    ]);
    // Someone from another space: none of their entries leak through the person filter.
    expect((await list(people.manager, { scope: 'spaces', personId: people.stranger.id })).items).toEqual([]);
    const byKind = await list(people.manager, {
      scope: 'spaces',
      kinds: ['reservation.cancelled', 'member.joined'],
    });
    expect(kindsOf(byKind.items)).toEqual(['member.joined', 'reservation.cancelled']);
    const inSpace = await list(people.manager, {
      scope: 'spaces',
      spaceId: space,
      kinds: ['reservation.created'],
    });
    expect(kindsOf(inSpace.items)).toEqual(['reservation.created']);
    expect(
      (await list(people.manager, { scope: 'spaces', from: '2026-05-05', to: '2026-05-06' })).items,
    ).toEqual([]);
    expect(
      (await list(people.manager, { scope: 'spaces', from: '2026-05-04', to: '2026-05-04' })).items,
    ).toHaveLength(5);
  });

  it('reads a period in the space’s zone', async () => {
    // 10:05 UTC on 4 May is 06:05 in New York: the entries of the other space fall on 4 May there.
    const theDay = await list(people.otherOwner, {
      scope: 'spaces',
      spaceId: otherSpace,
      from: '2026-05-04',
      to: '2026-05-04',
    });
    expect(theDay.items).toHaveLength(2);
    const dayBefore = await list(people.otherOwner, {
      scope: 'spaces',
      spaceId: otherSpace,
      from: '2026-05-03',
      to: '2026-05-03',
    });
    expect(dayBefore.items).toEqual([]);
  });

  it('shows an admin every space’s entries, and with `all` everything', async () => {
    expect((await list(people.admin, { scope: 'spaces' })).items).toHaveLength(7);
    expect((await list(people.admin, { scope: 'all' })).items).toHaveLength(8);
    expect((await list(people.admin, { scope: 'all', spaceId: otherSpace })).items).toHaveLength(2);
    expect(kindsOf((await list(people.admin, { scope: 'all', personId: people.member.id })).items)).toEqual([
      'reservation.completed',
      'profile.updated',
      'reservation.cancelled',
      'reservation.created',
    ]);
  });

  it('links each entry to where its reader sees the subject', async () => {
    const mine = await list(people.member);
    const linkOf = (items: TActivityItem[], kind: ActivityKind) =>
      items.find((item) => item.kind === kind)?.link;
    expect(linkOf(mine.items, 'reservation.created')).toBe('/reservations');
    expect(linkOf(mine.items, 'profile.updated')).toBe('/profile');
    const managed = await list(people.manager, { scope: 'spaces' });
    expect(linkOf(managed.items, 'reservation.created')).toBe(
      `/reservations?view=planning&space=${space}&date=2026-05-11`,
    );
    expect(linkOf(managed.items, 'room.price_changed')).toBe(`/myspaces/${space}?section=rooms`);
    expect(linkOf(managed.items, 'member.joined')).toBe(`/myspaces/${space}?section=team`);
  });

  it('offers each person the scopes, spaces and people they may filter by', async () => {
    const ctx = (person: TestPerson) => ({ db: database.db, actor: person.session.user });
    expect(await getFilterOptions(ctx(people.member), { scope: 'mine' })).toEqual({
      scopes: ['mine'],
      spaces: [],
      people: [],
    });
    const managed = await getFilterOptions(ctx(people.manager), { scope: 'spaces' });
    expect(managed.scopes).toEqual(['mine', 'spaces']);
    expect(managed.spaces.map((item) => item.id)).toEqual([space]);
    // The deleted account is not offered; the others of the space are, by name.
    expect(managed.people.map((person) => person.name)).toEqual(['Camille Martin', 'Julien Moreau']);
    expect(
      await refusal(getFilterOptions(ctx(people.manager), { scope: 'spaces', spaceId: otherSpace })),
    ).toBe('permission-denied');
    expect((await getFilterOptions(ctx(people.admin), { scope: 'all' })).scopes).toEqual([
      'mine',
      'spaces',
      'all',
    ]);
  });
});

describe('pages', () => {
  let pagedSpace: string;
  let secondSpace: string;
  let pager: TestPerson;
  const KINDS: ActivityKind[] = ['reservation.created', 'reservation.cancelled', 'room.updated'];

  beforeAll(async () => {
    const db = database.db;
    pagedSpace = await insertSpace(db);
    secondSpace = await insertSpace(db);
    pager = await insertPerson(db, { name: 'Pager' });
    await addRole(db, pagedSpace, pager.id, 'owner');
    await addRole(db, secondSpace, pager.id, 'manager');
    // 157 entries over two spaces, many sharing one instant (ties broken by id), some in another order.
    for (let n = 0; n < 157; n++) {
      await recordActivity(db, {
        kind: KINDS[n % KINDS.length]!,
        actor: { type: 'user', id: pager.id },
        subject: { type: 'reservation', id: `r-${n}` },
        spaceId: n % 3 === 0 ? secondSpace : pagedSpace,
        occurredAt: at(100 + Math.floor((n * 7) % 40)),
      });
    }
  });

  async function allPages(input: Partial<ActivityQuery>, pageSize: number): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 400; guard++) {
      const page = await list(pager, { ...input, pageSize, cursor });
      expect(page.items.length).toBeLessThanOrEqual(pageSize);
      seen.push(...page.items.map((item) => item.id));
      if (!page.nextCursor) return seen;
      cursor = page.nextCursor;
    }
    throw new Error('too many pages');
  }

  it.each([
    ['a manager of two spaces', { scope: 'spaces' as const }],
    ['one space', { scope: 'spaces' as const, spaceId: 'paged' }],
    [
      'by kinds',
      { scope: 'spaces' as const, kinds: ['reservation.created', 'room.updated'] as ActivityKind[] },
    ],
    ['the person’s own', { scope: 'mine' as const }],
  ])('pages through %s without gaps or duplicates', async (_label, input: Partial<ActivityQuery>) => {
    const filters = { ...input, spaceId: input.spaceId === 'paged' ? pagedSpace : undefined };
    const whole = (await list(pager, { ...filters, pageSize: 100 })).items.map((item) => item.id);
    const everything: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(pager, { ...filters, pageSize: 100, cursor });
      everything.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(everything.slice(0, 100)).toEqual(whole);
    for (const size of [1, 7, 25]) {
      const paged = await allPages(filters, size);
      expect(paged).toEqual(everything);
      expect(new Set(paged).size).toBe(paged.length);
    }
    // Newest first: by instant, then by id.
    const full = (await list(pager, { ...filters, pageSize: 100 })).items;
    const order = full.map((item) => [Date.parse(item.occurredAt), Number(item.id)] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(order).toEqual(sorted);
  });

  it('keeps its place when newer entries arrive between two pages', async () => {
    const first = await list(pager, { scope: 'spaces', pageSize: 10 });
    await recordActivity(database.db, {
      kind: 'room.updated',
      actor: { type: 'user', id: pager.id },
      subject: { type: 'room', id: 'late' },
      spaceId: pagedSpace,
      occurredAt: at(500),
    });
    const second = await list(pager, { scope: 'spaces', pageSize: 10, cursor: first.nextCursor! });
    const firstIds = new Set(first.items.map((item) => item.id));
    expect(second.items.some((item) => firstIds.has(item.id))).toBe(false);
    expect(second.items.every((item) => item.subject.id !== 'late')).toBe(true);
  });

  it('refuses a cursor it did not make', async () => {
    expect(await refusal(list(pager, { cursor: 'not-a-cursor' }))).toBe('invalid-argument');
    expect(await refusal(list(pager, { cursor: 'MjAyNi0wNS0wNFQxMDowMDowMFo' }))).toBe('invalid-argument');
  });
});

describe('the callable', () => {
  it('requires a session and checks its input', async () => {
    const outcome = async (data: unknown, person: TestPerson | null) =>
      refusal(router.invoke('activity.list', data, contextFor(database.db, person?.session ?? null)));
    expect(await outcome({}, null)).toBe('unauthenticated');
    expect(await outcome({}, people.member)).toBe('ok');
    expect(await outcome({ from: '2026-05-10', to: '2026-05-01' }, people.member)).toBe('invalid-argument');
    expect(await outcome({ from: '2025-01-01', to: '2026-05-01' }, people.member)).toBe('invalid-argument');
    expect(await outcome({ kinds: ['reservation.exploded'] }, people.member)).toBe('invalid-argument');
    expect(await outcome({ pageSize: 1000 }, people.member)).toBe('invalid-argument');
    expect(await outcome({ scope: 'spaces' }, people.member)).toBe('permission-denied');
    expect(await outcome({ scope: 'spaces', spaceId: space }, people.manager)).toBe('ok');
  });
});

describe('what a manager’s feed tells, where it leads and whom it offers', () => {
  let acme: string;
  let elsewhere: string;
  let acmeName: string;
  const cast = {} as Record<
    'gerante' | 'karim' | 'camilleBooker' | 'camilleTeam' | 'outsider' | 'otherOwner',
    TestPerson
  >;
  const when = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 9, minutes));

  beforeAll(async () => {
    const db = database.db;
    acme = await insertSpace(db);
    elsewhere = await insertSpace(db);
    cast.gerante = await insertPerson(db, { name: 'Gérante Acme' });
    // Karim has no role in the space: he only booked and bought there.
    cast.karim = await insertPerson(db, { name: 'Karim Facture', locale: 'en' });
    // Two people with one name: one on the team, one who only booked.
    cast.camilleTeam = await insertPerson(db, { name: 'Camille Homonyme' });
    cast.camilleBooker = await insertPerson(db, { name: 'Camille Homonyme' });
    cast.outsider = await insertPerson(db, { name: 'Zoé Ailleurs' });
    cast.otherOwner = await insertPerson(db, { name: 'Omar Ailleurs' });
    await addRole(db, acme, cast.gerante.id, 'owner');
    await addRole(db, acme, cast.camilleTeam.id, 'member');
    await addRole(db, elsewhere, cast.otherOwner.id, 'owner');
    const user = (person: TestPerson) => ({ type: 'user', id: person.id }) as const;
    const slot = {
      roomName: 'Salle Atlas',
      startsAt: '2026-12-01T09:00:00.000Z',
      endsAt: '2026-12-01T10:00:00.000Z',
    };
    await record({
      kind: 'reservation.created',
      actor: user(cast.karim),
      spaceId: acme,
      details: slot,
      occurredAt: when(1),
    });
    await record({
      kind: 'reservation.created',
      actor: user(cast.camilleBooker),
      spaceId: acme,
      details: slot,
      occurredAt: when(2),
    });
    await record({
      kind: 'invoice.issued',
      actor: user(cast.karim),
      aboutUserId: cast.karim.id,
      spaceId: acme,
      subject: { type: 'invoice', id: 'invoice-8' },
      details: { number: 'F-2026-000008', totalCents: 5400 },
      occurredAt: when(3),
    });
    await record({
      kind: 'credit_note.issued',
      actor: user(cast.gerante),
      aboutUserId: cast.karim.id,
      spaceId: acme,
      subject: { type: 'invoice', id: 'credit-note-9' },
      details: {
        number: 'F-2026-000009',
        invoiceNumber: 'F-2026-000008',
        totalCents: -5400,
        reason: 'reservation-cancelled',
      },
      occurredAt: when(4),
    });
    await record({
      kind: 'payment.recorded',
      actor: user(cast.gerante),
      aboutUserId: cast.karim.id,
      spaceId: acme,
      subject: { type: 'invoice', id: 'invoice-8' },
      details: { number: 'F-2026-000008', amountCents: 5400, method: 'on_site' },
      changes: { paymentStatus: { before: 'unpaid', after: 'paid' } },
      occurredAt: when(5),
    });
    await record({
      kind: 'legal_identity.changed',
      actor: user(cast.gerante),
      spaceId: acme,
      subject: { type: 'space', id: acme },
      occurredAt: when(6),
    });
    await record({
      kind: 'report.upheld',
      actor: user(cast.gerante),
      aboutUserId: cast.karim.id,
      spaceId: acme,
      subject: { type: 'report', id: 'report-1' },
      details: { subject: 'ad', reason: 'Annonce hors sujet', title: 'Vélo à vendre' },
      occurredAt: when(7),
    });
    await record({
      kind: 'plan.renewed',
      actor: { type: 'system' },
      aboutUserId: cast.karim.id,
      spaceId: acme,
      subject: { type: 'plan', id: 'plan-1' },
      details: {
        formulaName: 'Abonnement résident',
        formulaNameEn: 'Resident membership',
        periodIndex: 2,
        periodEndsAt: '2026-12-27T23:00:00.000Z',
      },
      occurredAt: when(8),
    });
    // In another space only: never offered to Acme's manager, nor shown through the person filter.
    await record({
      kind: 'reservation.created',
      actor: user(cast.outsider),
      spaceId: elsewhere,
      details: slot,
      occurredAt: when(9),
    });
    acmeName = (await list(cast.gerante, { scope: 'spaces', spaceId: acme })).items[0]!.space!.name;
  });

  const options = (person: TestPerson, input: { spaceId?: string } = {}) =>
    getFilterOptions({ db: database.db, actor: person.session.user }, { scope: 'spaces', ...input });
  const say = (item: TActivityItem, reader: TestPerson, locale: 'fr' | 'en') =>
    describeActivity(item, {
      viewerId: reader.id,
      locale,
      timeZone: 'Europe/Paris',
      t: namespaceTranslator(locale, 'activity'),
    }).replace(/[\u202f\u00a0]/g, ' ');
  const entry = async (reader: TestPerson, kind: ActivityKind, scope: 'mine' | 'spaces' = 'spaces') =>
    (await list(reader, scope === 'spaces' ? { scope, spaceId: acme } : { scope })).items.find(
      (item) => item.kind === kind,
    )!;

  it('offers in the person filter whoever only booked there, and no one from another space', async () => {
    const people = (await options(cast.gerante)).people;
    const names = people.map((person) => person.name);
    expect(names).toContain('Karim Facture');
    expect(names).not.toContain('Zoé Ailleurs');
    expect(names).not.toContain('Omar Ailleurs');
    expect((await options(cast.gerante, { spaceId: acme })).people.map((person) => person.name)).toContain(
      'Karim Facture',
    );
    // Through the filter, the booker's own entries in the space; the outsider's are not reachable.
    const karims = await list(cast.gerante, { scope: 'spaces', personId: cast.karim.id });
    expect(kindsOf(karims.items)).toContain('reservation.created');
    expect((await list(cast.gerante, { scope: 'spaces', personId: cast.outsider.id })).items).toEqual([]);
    expect(await refusal(options(cast.gerante, { spaceId: elsewhere }))).toBe('permission-denied');
    expect((await options(cast.otherOwner)).people.map((person) => person.name)).toEqual([
      'Omar Ailleurs',
      'Zoé Ailleurs',
    ]);
  });

  it('tells two people with one name apart by their e-mail, and sends no one else’s', async () => {
    const people = (await options(cast.gerante)).people;
    const camilles = people.filter((person) => person.name === 'Camille Homonyme');
    expect(camilles.map((person) => person.email).sort()).toEqual(
      [cast.camilleBooker.email, cast.camilleTeam.email].sort(),
    );
    expect(people.find((person) => person.id === cast.karim.id)!.email).toBeNull();
  });

  it('names the space as an invoice’s issuer and the member as its buyer, in both languages', async () => {
    const invoice = await entry(cast.gerante, 'invoice.issued');
    expect(say(invoice, cast.gerante, 'fr')).toBe(
      `${acmeName} a émis la facture F-2026-000008 de 54,00 € pour Karim Facture`,
    );
    expect(say(invoice, cast.gerante, 'en')).toBe(
      `${acmeName} issued invoice F-2026-000008 for €54.00 to Karim Facture`,
    );
    const own = await entry(cast.karim, 'invoice.issued', 'mine');
    expect(say(own, cast.karim, 'en')).toBe(`${acmeName} sent you invoice F-2026-000008 for €54.00`);
    expect(say(own, cast.karim, 'fr')).toBe(`${acmeName} vous a adressé la facture F-2026-000008 de 54,00 €`);
    const note = await entry(cast.gerante, 'credit_note.issued');
    expect(say(note, cast.gerante, 'fr')).toBe(
      `${acmeName} a émis l’avoir F-2026-000009 pour Karim Facture sur la facture F-2026-000008`,
    );
  });

  it('gives a reason Escale recorded in words, and a person’s reason as written', async () => {
    const note = await entry(cast.gerante, 'credit_note.issued');
    expect(reasonOf(note, namespaceTranslator('fr', 'activity'))).toBe('réservation annulée');
    expect(reasonOf(note, namespaceTranslator('en', 'activity'))).toBe('booking cancelled');
    const report = await entry(cast.gerante, 'report.upheld');
    expect(reasonOf(report, namespaceTranslator('en', 'activity'))).toBe('Annonce hors sujet');
  });

  it('names a formula in the reader’s language when the entry kept both', async () => {
    const renewed = await entry(cast.karim, 'plan.renewed', 'mine');
    expect(say(renewed, cast.karim, 'en')).toContain('Resident membership');
    expect(say(renewed, cast.karim, 'fr')).toContain('Abonnement résident');
  });

  it('links payments, legal identity and moderation to their subject, not to the reader’s profile', async () => {
    const invoicing = `/myspaces/${acme}/invoicing`;
    expect((await entry(cast.gerante, 'payment.recorded')).link).toBe(`${invoicing}#invoices`);
    expect((await entry(cast.gerante, 'invoice.issued')).link).toBe(`${invoicing}#invoices`);
    expect((await entry(cast.gerante, 'legal_identity.changed')).link).toBe(`${invoicing}#identity`);
    expect((await entry(cast.gerante, 'report.upheld')).link).toBe(`/myspaces/${acme}?section=reports`);
    // The buyer reaches their own invoices; the moderated author is not sent to their profile.
    expect((await entry(cast.karim, 'payment.recorded', 'mine')).link).toBe('/documents#my-invoices');
    expect((await entry(cast.karim, 'invoice.issued', 'mine')).link).toBe('/documents#my-invoices');
    expect((await entry(cast.karim, 'report.upheld', 'mine')).link).toBeNull();
    const links = (await list(cast.gerante, { scope: 'spaces', spaceId: acme })).items.map(
      (item) => item.link,
    );
    expect(links).not.toContain('/profile');
  });
});
