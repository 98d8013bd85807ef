import { and, asc, eq, gte, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import type { RoomAmenity, SpaceAmenity } from '#contract/amenities';
import type {
  TBrandingInput,
  TClosuresInput,
  TManagedPhoto,
  TManagedSpace,
  TOpeningHoursInput,
  TSpaceAddress,
  TSpaceIdentity,
} from '#contract/back-office';
import { AppError } from '#contract/errors';
import { todayIn } from '#contract/dates';
import { photoUrl } from '#contract/photos';
import { roomPricesOf, roomRulesOf } from '#contract/rooms';
import { cityKeyOf, DEFAULT_TIME_ZONE } from '#contract/spaces';
import { RESERVED_SUBDOMAIN } from '#contract/tenancy';
import type { ActivityChanges, ActivityValue } from '#contract/activity';
import { sqlStateOf, UNIQUE_VIOLATION } from '../../db/transaction';
import { changesBetween } from '../../platform/activity';
import {
  logActivity,
  unitOfWork,
  type LoggedActivity,
  type WorkContext,
} from '../../platform/service-context';
import { spaceMembers } from '../../db/schema/memberships';
import { roomPhotos, rooms } from '../../db/schema/rooms';
import { spaceClosures, spaceOpeningHours, spacePhotos, spaces } from '../../db/schema/spaces';
import { clockOf } from '../../db/rows';
import { requireRight, requireSignedIn } from '../../platform/policy';
import type { Ctx } from './context';
import { readAll } from '../../db/read-all';

/** "L'Atelier du Port" → "l-atelier-du-port": what a slug is made of. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'espace';
}

/** The first of `base`, `base-2`, `base-3`… that no space uses yet. */
async function freeSlug(ctx: Ctx, base: string): Promise<string> {
  const taken = await ctx.db
    .select({ slug: spaces.slug })
    .from(spaces)
    .where(sql`${spaces.slug} = ${base} OR ${spaces.slug} LIKE ${`${base}-%`}`);
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** How many slugs a new space tries: each one lost to a request made at the same time moves to the next. */
const SLUG_ATTEMPTS = 20;

/**
 * A new draft space; its creator becomes its owner. Spaces created at once with one name each get their
 * own slug (`name`, `name-2`…): the unique index decides who has one, the others take the next free one.
 */
export async function createSpace(ctx: Ctx, name: string): Promise<{ id: string }> {
  const userId = requireSignedIn(ctx.actor).id;
  return unitOfWork(ctx, async (work) => {
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      const slug = await freeSlug(work, slugOf(name));
      const [space] = await work.db
        .insert(spaces)
        .values({ slug, name, status: 'draft', timeZone: DEFAULT_TIME_ZONE })
        .onConflictDoNothing({ target: spaces.slug })
        .returning({ id: spaces.id });
      if (!space) continue;
      await work.db.insert(spaceMembers).values({ spaceId: space.id, userId, role: 'owner' });
      await logActivity(work, {
        kind: 'space.created',
        subject: { type: 'space', id: space.id },
        spaceId: space.id,
        details: { spaceName: name, slug },
      });
      return { id: space.id };
    }
    throw new AppError('aborted', 'Too many spaces were given this name at once; try again');
  });
}

type SpaceRow = typeof spaces.$inferSelect;

/** The space's row, locked until the unit of work ends (`not-found` when there is none). */
async function lockedSpace(work: WorkContext, spaceId: string): Promise<SpaceRow> {
  const [space] = await work.db.select().from(spaces).where(eq(spaces.id, spaceId)).for('update');
  if (!space) throw new AppError('not-found', `No space ${spaceId}`);
  return space;
}

/** The entry of a change to a space, named as it is after the change. */
/** The kinds of a change to a space that name it and nothing else. */
type SpaceKind =
  | 'space.updated'
  | 'space.hours_changed'
  | 'space.closures_changed'
  | 'space.branding_changed'
  | 'space.published'
  | 'space.archived';

function spaceEntry(space: SpaceRow, kind: SpaceKind, changes?: ActivityChanges): LoggedActivity<SpaceKind> {
  return {
    kind,
    subject: { type: 'space' as const, id: space.id },
    spaceId: space.id,
    changes,
    details: { spaceName: space.name },
  };
}

/**
 * Changes columns of a space in one unit of work with its activity entry: the listed fields' before and
 * after (nothing is logged when none of them changed).
 */
async function updateSpaceRow<K extends keyof SpaceRow & string>(
  ctx: Ctx,
  spaceId: string,
  kind: SpaceKind,
  values: Partial<typeof spaces.$inferInsert>,
  logged: readonly K[],
) {
  await unitOfWork(ctx, async (work) => {
    const before = await lockedSpace(work, spaceId);
    const [after] = await work.db
      .update(spaces)
      .set({ ...values, updatedAt: work.now })
      .where(eq(spaces.id, spaceId))
      .returning();
    const changes = changesBetween(
      before as Record<K, ActivityValue>,
      after as Record<K, ActivityValue>,
      logged,
    );
    if (Object.keys(changes).length) await logActivity(work, spaceEntry(after!, kind, changes));
  });
}

const IDENTITY_FIELDS = ['name', 'descriptionFr', 'descriptionEn', 'amenities'] as const;
const ADDRESS_FIELDS = [
  'addressLine',
  'postcode',
  'city',
  'country',
  'latitude',
  'longitude',
  'timeZone',
] as const;
const BRANDING_FIELDS = ['subdomain', 'color'] as const;

export async function updateIdentity(ctx: Ctx, spaceId: string, identity: TSpaceIdentity) {
  await requireRight(ctx, 'manage', spaceId);
  await updateSpaceRow(ctx, spaceId, 'space.updated', identity, IDENTITY_FIELDS);
  return { ok: true as const };
}

export async function updateAddress(ctx: Ctx, spaceId: string, address: TSpaceAddress) {
  await requireRight(ctx, 'manage', spaceId);
  await updateSpaceRow(
    ctx,
    spaceId,
    'space.updated',
    { ...address, cityKey: cityKeyOf(address.city) },
    ADDRESS_FIELDS,
  );
  return { ok: true as const };
}

/** Replaces the weekly hours (validated: intervals in order, no overlap). */
export async function setOpeningHours(ctx: Ctx, spaceId: string, hours: TOpeningHoursInput) {
  await requireRight(ctx, 'manage', spaceId);
  await unitOfWork(ctx, async (work) => {
    const space = await lockedSpace(work, spaceId);
    const removed = await work.db
      .delete(spaceOpeningHours)
      .where(eq(spaceOpeningHours.spaceId, spaceId))
      .returning();
    if (hours.length) await work.db.insert(spaceOpeningHours).values(hours.map((h) => ({ spaceId, ...h })));
    await work.db.update(spaces).set({ updatedAt: work.now }).where(eq(spaces.id, spaceId));
    const changes = changesBetween({ hours: hoursText(removed) }, { hours: hoursText(hours) }, ['hours']);
    if (Object.keys(changes).length)
      await logActivity(work, spaceEntry(space, 'space.hours_changed', changes));
  });
  return { ok: true as const };
}

/** Weekly hours as the log keeps them: `1 09:00-12:30` (ISO weekday), in order. */
function hoursText(hours: ReadonlyArray<{ weekday: number; opens: string; closes: string }>): string[] {
  return hours.map((h) => `${h.weekday} ${clockOf(h.opens)}-${clockOf(h.closes)}`).sort();
}

/** Closures as the log keeps them: `2027-12-24/2027-12-26 Noël`, in order. */
function closuresText(
  closures: ReadonlyArray<{ startsOn: string; endsOn: string; label: string }>,
): string[] {
  return closures.map((c) => `${c.startsOn}/${c.endsOn} ${c.label}`.trim()).sort();
}

/**
 * A closure that has not ended, read in the space's zone: one ending today is still current today. Ended
 * closures are history: the back office neither lists nor replaces them.
 */
function closureNotEnded(timeZone: string, now: Date): SQL {
  return gte(spaceClosures.endsOn, todayIn(timeZone, now));
}

/** Replaces the closures that have not ended yet (the ones the back office lists); ended ones stay. */
export async function setClosures(ctx: Ctx, spaceId: string, closures: TClosuresInput) {
  await requireRight(ctx, 'manage', spaceId);
  await unitOfWork(ctx, async (work) => {
    const space = await lockedSpace(work, spaceId);
    const removed = await work.db
      .delete(spaceClosures)
      .where(and(eq(spaceClosures.spaceId, spaceId), closureNotEnded(space.timeZone, work.now)))
      .returning();
    if (closures.length) await work.db.insert(spaceClosures).values(closures.map((c) => ({ spaceId, ...c })));
    await work.db.update(spaces).set({ updatedAt: work.now }).where(eq(spaces.id, spaceId));
    const changes = changesBetween(
      { closures: closuresText(removed) },
      { closures: closuresText(closures) },
      ['closures'],
    );
    if (Object.keys(changes).length) {
      await logActivity(work, spaceEntry(space, 'space.closures_changed', changes));
    }
  });
  return { ok: true as const };
}

function subdomainTaken(): AppError {
  return new AppError('already-exists', 'Subdomain taken', {
    fields: [{ path: 'subdomain', message: 'subdomain-taken' }],
  });
}

export async function isSubdomainFree(ctx: Ctx, spaceId: string, subdomain: string): Promise<boolean> {
  if (subdomain === RESERVED_SUBDOMAIN) return false;
  const [other] = await ctx.db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.subdomain, subdomain), ne(spaces.id, spaceId)))
    .limit(1);
  return !other;
}

export async function checkSubdomain(ctx: Ctx, spaceId: string, subdomain: string) {
  await requireRight(ctx, 'manage', spaceId);
  return { available: await isSubdomainFree(ctx, spaceId, subdomain) };
}

export async function updateBranding(ctx: Ctx, spaceId: string, branding: TBrandingInput) {
  await requireRight(ctx, 'manage', spaceId);
  if (branding.subdomain && !(await isSubdomainFree(ctx, spaceId, branding.subdomain)))
    throw subdomainTaken();
  try {
    await updateSpaceRow(
      ctx,
      spaceId,
      'space.branding_changed',
      { subdomain: branding.subdomain, color: branding.color?.toLowerCase() ?? null },
      BRANDING_FIELDS,
    );
  } catch (error) {
    // Someone took it between the check and the write: the unique index decides.
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw subdomainTaken();
    throw error;
  }
  return { ok: true as const };
}

type Missing = TManagedSpace['missing'][number];

/** What a space still lacks before the public may see it. */
export async function missingForPublication(ctx: Ctx, spaceId: string): Promise<Missing[]> {
  const [space] = await ctx.db.select().from(spaces).where(eq(spaces.id, spaceId));
  if (!space) throw new AppError('not-found', `No space ${spaceId}`);
  const [hours] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(spaceOpeningHours)
    .where(eq(spaceOpeningHours.spaceId, spaceId));
  const [priced] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(rooms)
    .where(
      and(
        eq(rooms.spaceId, spaceId),
        sql`${rooms.archivedAt} IS NULL`,
        sql`${rooms.fromPriceInclVatCents} IS NOT NULL`,
      ),
    );
  const missing: Missing[] = [];
  if (space.name.trim().length < 2) missing.push('name');
  if (!space.descriptionFr.trim() && !space.descriptionEn.trim()) missing.push('description');
  if (!space.addressLine.trim() || !space.city.trim() || !space.postcode.trim()) missing.push('address');
  if (!hours?.count) missing.push('hours');
  if (!priced?.count) missing.push('rooms');
  return missing;
}

/** Makes the space public once nothing is missing (`failed-precondition` names what is). */
export async function publishSpace(ctx: Ctx, spaceId: string) {
  await requireRight(ctx, 'manage', spaceId);
  // Checked and changed while no one else changes the space: hours removed meanwhile cannot slip through.
  await unitOfWork(ctx, async (work) => {
    const space = await lockedSpace(work, spaceId);
    const missing = await missingForPublication(work, spaceId);
    if (missing.length) throw new AppError('failed-precondition', 'Space incomplete', { missing });
    // The first publication date stays: a space taken off and put back keeps its age.
    await work.db
      .update(spaces)
      .set({ status: 'published', publishedAt: space.publishedAt ?? work.now, updatedAt: work.now })
      .where(eq(spaces.id, spaceId));
    const changes = changesBetween(space, { status: 'published' }, ['status']);
    await logActivity(work, spaceEntry(space, 'space.published', changes));
  });
  return { ok: true as const };
}

/** Takes the space off the public pages; its data stays (owners only). */
export async function archiveSpace(ctx: Ctx, spaceId: string) {
  await requireRight(ctx, 'govern', spaceId);
  await updateSpaceRow(ctx, spaceId, 'space.archived', { status: 'archived' }, ['status']);
  return { ok: true as const };
}

function managedPhoto(row: { id: string; fileKey: string; altFr: string; altEn: string }): TManagedPhoto {
  return { id: row.id, url: photoUrl(row.fileKey), altFr: row.altFr, altEn: row.altEn };
}

/** Everything the back office edits about a space, for its owners, managers and admins. */
export async function getManagedSpace(ctx: Ctx, spaceId: string): Promise<TManagedSpace> {
  const myRole = await requireRight(ctx, 'manage', spaceId);
  const [space] = await ctx.db.select().from(spaces).where(eq(spaces.id, spaceId));
  if (!space) throw new AppError('not-found', `No space ${spaceId}`);
  const [hours, closures, photos, roomRows, missing] = await readAll(ctx.db, [
    () =>
      ctx.db
        .select()
        .from(spaceOpeningHours)
        .where(eq(spaceOpeningHours.spaceId, spaceId))
        .orderBy(asc(spaceOpeningHours.weekday), asc(spaceOpeningHours.opens)),
    () =>
      ctx.db
        .select()
        .from(spaceClosures)
        .where(and(eq(spaceClosures.spaceId, spaceId), closureNotEnded(space.timeZone, ctx.now)))
        .orderBy(asc(spaceClosures.startsOn)),
    () =>
      ctx.db
        .select()
        .from(spacePhotos)
        .where(eq(spacePhotos.spaceId, spaceId))
        .orderBy(asc(spacePhotos.position), asc(spacePhotos.createdAt)),
    () =>
      ctx.db
        .select()
        .from(rooms)
        .where(eq(rooms.spaceId, spaceId))
        .orderBy(asc(rooms.position), asc(rooms.createdAt)),
    () => missingForPublication(ctx, spaceId),
  ]);
  const roomPhotoRows = roomRows.length
    ? await ctx.db
        .select()
        .from(roomPhotos)
        .where(
          inArray(
            roomPhotos.roomId,
            roomRows.map((room) => room.id),
          ),
        )
        .orderBy(asc(roomPhotos.position), asc(roomPhotos.createdAt))
    : [];
  return {
    id: space.id,
    slug: space.slug,
    status: space.status,
    publishedAt: space.publishedAt?.toISOString() ?? null,
    myRole: myRole === 'admin' ? 'admin' : myRole,
    identity: {
      name: space.name,
      descriptionFr: space.descriptionFr,
      descriptionEn: space.descriptionEn,
      amenities: space.amenities as SpaceAmenity[],
    },
    address: {
      addressLine: space.addressLine,
      postcode: space.postcode,
      city: space.city,
      country: space.country,
      latitude: space.latitude,
      longitude: space.longitude,
      timeZone: space.timeZone,
    },
    openingHours: hours.map((h) => ({
      weekday: h.weekday,
      opens: clockOf(h.opens),
      closes: clockOf(h.closes),
    })),
    closures: closures.map((c) => ({ startsOn: c.startsOn, endsOn: c.endsOn, label: c.label })),
    branding: { subdomain: space.subdomain, color: space.color },
    photos: photos.map(managedPhoto),
    rooms: roomRows.map((room) => ({
      id: room.id,
      archived: room.archivedAt !== null,
      kind: room.kind,
      name: room.name,
      descriptionFr: room.descriptionFr,
      descriptionEn: room.descriptionEn,
      capacity: room.capacity,
      amenities: room.amenities as RoomAmenity[],
      hourlyPriceCents: room.hourlyPriceCents,
      halfDayPriceCents: room.halfDayPriceCents,
      dayPriceCents: room.dayPriceCents,
      vatRateBasisPoints: room.vatRateBasisPoints,
      ...roomRulesOf(room),
      deskGroup: room.deskGroup,
      prices: roomPricesOf(room),
      photos: roomPhotoRows.filter((photo) => photo.roomId === room.id).map(managedPhoto),
    })),
    missing,
  };
}

/** The next free display position among a space's rooms. */
export async function nextRoomPosition(ctx: Ctx, spaceId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ last: max(rooms.position) })
    .from(rooms)
    .where(eq(rooms.spaceId, spaceId));
  return (row?.last ?? -1) + 1;
}
