/**
 * The app the hostile-input tests attack: the whole server on a real port with the demo data, a space
 * owner and a member of it (each signed in), a booking of the member's, an invitation and a photo, and the
 * real ids the generated inputs start from (tests/support/hostile-input.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { ServerBuild } from 'react-router';
import { documentShares, sharedDocuments } from '../../server/db/schema/documents';
import { spaceMembers } from '../../server/db/schema/memberships';
import { rooms } from '../../server/db/schema/rooms';
import { spacePhotos, spaces } from '../../server/db/schema/spaces';
import { storeGeneratedPhoto } from '../../server/features/spaces/photo-files.service';
import { AUTH_PATH_RULES, type AuthPathRule } from '../../server/platform/auth-rate-limits';
import { PNG_BYTES } from './file-samples';
import type { Known } from './hostile-input';
import { startTestApp, type Agent, type TestApp } from './test-app';

export const LONG_RUN = process.env.HOSTILE_FUZZ === 'long';
export const FUZZ_SEED = Number(process.env.HOSTILE_FUZZ_SEED ?? 20_260_611);
/** `HOSTILE_FUZZ_ONLY=<regular expression>`: attack only the operations or routes whose name matches. */
const ONLY = process.env.HOSTILE_FUZZ_ONLY ? new RegExp(process.env.HOSTILE_FUZZ_ONLY) : null;
export function isAttacked(target: string): boolean {
  return !ONLY || ONLY.test(target);
}

/** A request that takes longer than this is a hang, whatever it answers after. */
export const ANSWER_WITHIN_MS = 10_000;

export interface Identity {
  name: 'anonymous' | 'member' | 'owner';
  /** Over real HTTP. */
  agent: Agent;
  /** The same person (the same cookies) in-process: the app's `fetch`, no socket (`inProcessAgent`). */
  inProcess: Agent;
  /** Signs in again when a case ended the session (sign out everywhere), so later cases stay signed in. */
  renew: () => Promise<void>;
}

export interface HostileApp {
  app: TestApp;
  identities: Identity[];
  known: Known;
}

/** What went wrong with one request: a 5xx, or no answer at all. */
export interface Finding {
  target: string;
  identity: string;
  label: string;
  status: number | string;
  body: string;
}

async function callResult<T>(agent: Agent, name: string, data: unknown): Promise<T> {
  const response = await agent.call(name, data);
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (response.status !== 200) throw new Error(`${name} failed in setup: ${JSON.stringify(body)}`);
  return body.result as T;
}

function dateAfter(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Signs in through better-auth itself rather than over HTTP: the attack's own sign-in attempts would
 * otherwise exhaust the address's limit and lock the identity out.
 */
async function signedIdentity(app: TestApp, name: 'member' | 'owner', email: string): Promise<Identity> {
  const agent = app.agent();
  const signIn = async () => {
    const response = await app.auth.api.signInEmail({
      body: { email, password: 'a long enough password' },
      asResponse: true,
    });
    if (response.status !== 200) throw new Error(`sign-in of the ${name} failed: ${response.status}`);
    agent.cookies.clear();
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      agent.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  await signIn();
  return {
    name,
    agent,
    inProcess: app.inProcessAgent({ cookies: agent.cookies }),
    renew: async () => {
      const response = await agent.call('profile.get', {});
      if (response.status === 401) await signIn();
    },
  };
}

/** Rate limits far above what the attack sends, so that its requests reach what they aim at. */
const UNLIMITED: Record<string, AuthPathRule> = Object.fromEntries(
  Object.entries(AUTH_PATH_RULES).map(([path, rule]) => [
    path,
    {
      perAddress: { ...rule.perAddress, max: 1_000_000 },
      ...(rule.perEmail ? { perEmail: { ...rule.perEmail, max: 1_000_000 } } : {}),
    },
  ]),
);

export async function startHostileApp(
  options: { getServerBuild?: () => Promise<ServerBuild> } = {},
): Promise<HostileApp> {
  const app = await startTestApp({ ...options, pathRules: UNLIMITED, seeded: true });
  const { db } = app.database;

  // The owner runs a published demo space; the member belongs to it and has a booking there.
  const [space] = await db.select().from(spaces).where(eq(spaces.slug, 'acme-coworking-paris'));
  if (!space) throw new Error('demo space missing');
  const spaceRooms = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.spaceId, space.id), isNull(rooms.archivedAt), isNull(rooms.deskGroup)));
  const room = spaceRooms.find((candidate) => candidate.kind === 'meeting_room') ?? spaceRooms[0]!;
  const owner = await app.signedIn();
  const member = await app.signedIn();
  const [ownerProfile, memberProfile] = await Promise.all(
    [owner, member].map(({ agent }) => callResult<{ id: string }>(agent, 'profile.get', {})),
  );
  await db.insert(spaceMembers).values([
    { spaceId: space.id, userId: ownerProfile!.id, role: 'owner' },
    { spaceId: space.id, userId: memberProfile!.id, role: 'member' },
  ]);

  // Real free time of the room (the clock is the real one: the base inputs must be bookable today).
  const from = dateAfter(2);
  const availability = await callResult<{ slots: Array<{ startsAt: string; state: string }> }>(
    app.agent(),
    'reservations.getAvailability',
    { roomId: room.id, from, to: dateAfter(15) },
  );
  const free = availability.slots.filter((slot) => slot.state === 'free');
  if (free.length < 2) throw new Error('the demo room has no free time to book');
  const slotOf = (startsAt: string) => ({
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + room.minDurationMinutes * 60_000).toISOString(),
  });
  const reservation = await callResult<{ id: string }>(member.agent, 'reservations.create', {
    roomId: room.id,
    ...slotOf(free[0]!.startsAt),
    attendees: 1,
    idempotencyKey: 'hostile-setup-booking',
  });
  await callResult(owner.agent, 'backoffice.invite', {
    spaceId: space.id,
    email: 'invitee@example.com',
    role: 'member',
  });
  const team = await callResult<{ invitations: Array<{ id: string }> }>(owner.agent, 'backoffice.listTeam', {
    spaceId: space.id,
  });
  const fileKey = await storeGeneratedPhoto(db, app.fileStore, PNG_BYTES, 'image/png', 'hostile.png');
  const [photo] = await db
    .insert(spacePhotos)
    .values({ spaceId: space.id, fileKey, position: 99 })
    .returning({ id: spacePhotos.id });

  // A document the space shares with the member (a stored file of the space, a live share).
  const documentFile = await storeGeneratedPhoto(db, app.fileStore, PNG_BYTES, 'image/png', 'reglement.png');
  const [document] = await db
    .insert(sharedDocuments)
    .values({ spaceId: space.id, fileKey: documentFile, title: 'Règlement intérieur', createdAt: new Date() })
    .returning({ id: sharedDocuments.id });
  const [documentShare] = await db
    .insert(documentShares)
    .values({ documentId: document!.id, userId: memberProfile!.id, sharedAt: new Date() })
    .returning({ id: documentShares.id });

  // By key (or dotted path): what a valid input holds there. The rest is made from the schema.
  const known: Known = {
    roomId: room.id,
    spaceId: space.id,
    'owner.id': space.id,
    id: reservation.id,
    photoId: photo!.id,
    invitationId: team.invitations[0]!.id,
    userId: memberProfile!.id,
    ref: space.slug,
    spaceRef: space.slug,
    subdomain: space.subdomain ?? 'acme',
    fileKey,
    documentId: document!.id,
    shareId: documentShare!.id,
    'share.memberId': memberProfile!.id,
    ...slotOf(free[free.length - 1]!.startsAt),
    from,
    to: dateAfter(8),
    date: from,
    // A membership's pause: its first day and the day it resumes.
    startsOn: from,
    endsOn: dateAfter(8),
    attendees: 1,
    idempotencyKey: 'hostile-base-key',
    email: 'invitee@example.com',
    newEmail: 'new-address@example.com',
    vatRateBasisPoints: 2000,
    deskGroup: null,
    city: 'Paris',
    timeZone: 'Europe/Paris',
    country: 'FR',
    // Company numbers may be left empty (a person buying, a space without a VAT number yet).
    siren: '',
    siret: '',
    vatNumber: '',
    // A buyer's billing details as a person's (a business needs its SIREN, left empty above).
    businessName: '',
    // An IBAN both the space's identity and a member's mandate take (the identity also takes none).
    iban: 'FR7630006000011234567890189',
    bic: '',
    sepaCreditorId: '',
    month: '2026-10',
    // An event's times are local to its space, without an offset.
    'event.startsAt': '2027-03-10T10:00',
    'event.endsAt': '2027-03-10T12:00',
  };
  const anonymous = app.agent();
  const identities: Identity[] = [
    {
      name: 'anonymous',
      agent: anonymous,
      inProcess: app.inProcessAgent({ cookies: anonymous.cookies }),
      renew: async () => {},
    },
    await signedIdentity(app, 'member', member.user.email),
    await signedIdentity(app, 'owner', owner.user.email),
  ];
  return { app, identities, known };
}

/** Runs `task` on every item, at most `limit` at once. */
export async function inPool<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

/**
 * Sends one request and says what was wrong with its answer, if anything: a 5xx, an error, or no answer
 * within ANSWER_WITHIN_MS. Findings are also printed at once, so a long run shows what it found so far.
 */
export async function checkAnswer(
  request: (signal: AbortSignal) => Promise<Response>,
  where: Omit<Finding, 'status' | 'body'>,
): Promise<Finding | null> {
  const signal = AbortSignal.timeout(ANSWER_WITHIN_MS);
  let finding: Finding | null = null;
  try {
    const response = await request(signal);
    const text = await response.text();
    if (response.status >= 500) finding = { ...where, status: response.status, body: text.slice(0, 200) };
  } catch (error) {
    const status = signal.aborted ? `no answer in ${ANSWER_WITHIN_MS} ms` : String(error);
    finding = { ...where, status, body: '' };
  }
  if (finding) console.error('hostile input finding', JSON.stringify(finding));
  return finding;
}

/**
 * What the attack did not reach: a filter that matches nothing, or a target (callable, endpoint, route)
 * that got fewer requests than it should have. `[]` when every target got at least its minimum.
 */
export function unreached(sent: Map<string, number>, targets: Iterable<[string, number]>): string[] {
  const missing: string[] = [];
  let count = 0;
  for (const [target, minimum] of targets) {
    count += 1;
    const got = sent.get(target) ?? 0;
    if (got < minimum) missing.push(`${target}: ${got} requests, at least ${minimum} expected`);
  }
  if (count === 0) missing.push('no target matched: nothing was attacked');
  return missing;
}
