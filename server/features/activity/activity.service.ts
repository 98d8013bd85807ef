import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import {
  decodeActivityCursor,
  encodeActivityCursor,
  isActivityKind,
  MAX_ACTIVITY_PEOPLE,
  type ActivityKind,
  type ActivityScope,
  type TActivityActor,
  type TActivityFilterOptions,
  type TActivityFilters,
  type TActivityItem,
} from '#contract/activity';
import { addDays, startOfDayIn, todayIn } from '#contract/dates';
import { AppError } from '#contract/errors';
import { DEFAULT_TIME_ZONE } from '#contract/spaces';
import type { Db } from '../../db/client';
import { keysetPageOf } from '../../db/pagination';
import { findSpaceSummary } from '../../db/space-summary';
import { rowsOf } from '../../db/rows';
import { parameterList } from '../../db/sql-lists';
import { spaces } from '../../db/schema/spaces';
import { isPlatformAdmin, requireSignedIn, spacesWhere, type Actor } from '../../platform/policy';
import type { SessionUser } from '../../platform/session';
import { readAll } from '../../db/read-all';

/**
 * The activity feed (/activity) and its CSV: who sees which entries of the log, and one page of them
 * at a time (docs/decisions/020-activity-log.md, "The feed").
 *
 * - A person sees what happened to them: entries they did or that are about them.
 * - An owner or manager sees everything in the spaces they manage (SPACE_RIGHTS.manage); admins every
 *   space, and with `all` everything.
 *
 * Pages are keyset pages on `(occurred_at, id)`, newest first, never OFFSET. Each question reads the index
 * made for it (migration 0011): a space's entries (with a kind: its kind's), a person's as actor and as the
 * one concerned, or everything; a manager of several spaces reads each space's first entries and merges
 * them, so a page costs the same whatever the size of the log.
 */

export interface ActivityContext {
  db: Db;
  actor: Actor;
}

export type ActivityQuery = TActivityFilters & { cursor?: string; pageSize: number };

/** Above this many kinds, a space's entries are read by its space index and filtered, not kind by kind. */
const KIND_PROBES_MAX = 6;

/** What the query reads, once the asker's rights are known. */
interface Plan {
  /** The entries of these spaces (by their index), or of any space (`any`), or none asked (`null`). */
  spaces: string[] | 'any' | null;
  /** The entries done by or about this person (by their indexes). */
  person: string | null;
  /** Whether the spaces' managers' view: links lead to the back office and planning. */
  managesAll: boolean;
}

function uuidArray(ids: readonly string[]): SQL {
  return sql`ARRAY[${parameterList(ids)}]::uuid[]`;
}

/** Whose entries the asker may see with these filters; throws when they ask for what is not theirs. */
async function planFor(ctx: ActivityContext, filters: TActivityFilters): Promise<Plan> {
  const user = requireSignedIn(ctx.actor);
  const scope: ActivityScope = filters.scope;
  if (scope === 'mine') {
    return { spaces: filters.spaceId ? [filters.spaceId] : null, person: user.id, managesAll: false };
  }
  if (scope === 'all' && !isPlatformAdmin(user)) throw new AppError('permission-denied', 'Admins only');
  const managed = await spacesWhere(ctx, 'manage');
  if (scope === 'spaces' && managed !== 'all' && managed.length === 0) {
    throw new AppError('permission-denied', 'Only the managers of a space see its activity');
  }
  if (filters.spaceId && managed !== 'all' && !managed.includes(filters.spaceId)) {
    throw new AppError('permission-denied', 'Only the managers of the space see its activity');
  }
  const asked = filters.spaceId
    ? [filters.spaceId]
    : scope === 'all'
      ? null
      : managed === 'all'
        ? 'any'
        : managed;
  return { spaces: asked, person: filters.personId ?? null, managesAll: true };
}

/** The conditions every branch of the query shares: the page's cursor, the period, the kinds. */
function commonConditions(query: ActivityQuery, plan: Plan, zone: string, kindsInBranch: boolean): SQL[] {
  const conditions: SQL[] = [];
  if (query.cursor) {
    const cursor = decodeActivityCursor(query.cursor);
    if (!cursor) {
      throw new AppError('invalid-argument', 'Not a cursor of this feed', {
        fields: [{ path: 'cursor', message: 'cursor' }],
      });
    }
    conditions.push(sql`(e.occurred_at, e.id) < (${cursor.occurredAt}::timestamptz, ${cursor.id}::bigint)`);
  }
  if (query.from)
    conditions.push(sql`e.occurred_at >= ${startOfDayIn(query.from, zone).toISOString()}::timestamptz`);
  if (query.to)
    conditions.push(
      sql`e.occurred_at < ${startOfDayIn(addDays(query.to, 1), zone).toISOString()}::timestamptz`,
    );
  if (query.kinds?.length && !kindsInBranch) conditions.push(sql`e.kind IN (${parameterList(query.kinds)})`);
  // Someone's entries within the spaces asked for (the person's own indexes do the reading).
  if (plan.person && Array.isArray(plan.spaces))
    conditions.push(sql`e.space_id = ANY(${uuidArray(plan.spaces)})`);
  if (plan.person && plan.spaces === 'any') conditions.push(sql`e.space_id IS NOT NULL`);
  return conditions;
}

// NULLS LAST as the indexes are built (drizzle's `.desc()`): a plain DESC means NULLS FIRST, which the indexes
// cannot give in order, and every page would read and sort a space's whole history.
const ORDER = sql`ORDER BY e.occurred_at DESC NULLS LAST, e.id DESC NULLS LAST`;

/** The newest `limit` entries the plan allows, as one SQL statement reading the right indexes. */
function sourceOf(query: ActivityQuery, plan: Plan, zone: string, limit: number): SQL {
  const where = (conditions: SQL[]) =>
    conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  if (plan.person) {
    const common = commonConditions(query, plan, zone, false);
    const asActor = where([sql`e.actor_id = ${plan.person}`, ...common]);
    const asConcerned = where([
      sql`e.about_user_id = ${plan.person}`,
      sql`e.actor_id IS DISTINCT FROM ${plan.person}`,
      ...common,
    ]);
    return sql`
      SELECT * FROM (
        (SELECT e.* FROM activity_entries e ${asActor} ${ORDER} LIMIT ${limit})
        UNION ALL
        (SELECT e.* FROM activity_entries e ${asConcerned} ${ORDER} LIMIT ${limit})
      ) AS e ${ORDER} LIMIT ${limit}`;
  }
  if (Array.isArray(plan.spaces)) {
    if (plan.spaces.length === 0) return sql`SELECT e.* FROM activity_entries e WHERE false`;
    const kinds = query.kinds ?? [];
    const byKind = kinds.length > 0 && kinds.length <= KIND_PROBES_MAX;
    const common = commonConditions(query, plan, zone, byKind);
    const probes = byKind
      ? sql`unnest(${uuidArray(plan.spaces)}) AS s(id) CROSS JOIN unnest(ARRAY[${parameterList(kinds)}]::text[]) AS k(kind)`
      : sql`unnest(${uuidArray(plan.spaces)}) AS s(id)`;
    const keyed = byKind ? [sql`e.space_id = s.id`, sql`e.kind = k.kind`] : [sql`e.space_id = s.id`];
    return sql`
      SELECT e.* FROM ${probes}
      CROSS JOIN LATERAL (
        SELECT e.* FROM activity_entries e ${where([...keyed, ...common])} ${ORDER} LIMIT ${limit}
      ) AS e ${ORDER} LIMIT ${limit}`;
  }
  const common = commonConditions(query, plan, zone, false);
  if (plan.spaces === 'any') common.push(sql`e.space_id IS NOT NULL`);
  return sql`SELECT e.* FROM activity_entries e ${where(common)} ${ORDER} LIMIT ${limit}`;
}

interface EntryRow extends Record<string, unknown> {
  id: string;
  kind: string;
  occurred_at: string;
  actor_type: 'user' | 'system';
  actor_id: string | null;
  actor_name: string | null;
  actor_deleted: boolean | null;
  about_user_id: string | null;
  about_name: string | null;
  about_deleted: boolean | null;
  subject_type: string;
  subject_id: string;
  space_id: string | null;
  space_name: string | null;
  space_slug: string | null;
  space_time_zone: string | null;
  details: TActivityItem['details'] | null;
  changes: TActivityItem['changes'] | null;
}

function personOf(id: string | null, name: string | null, deleted: boolean | null): TActivityActor {
  if (!id || deleted) return { type: 'deleted', id: null, name: null };
  return { type: 'person', id, name };
}

/** Where the reader sees an entry's subject: a manager in the back office or planning, a member on the site. */
export function linkOf(
  item: Omit<TActivityItem, 'link'>,
  reader: { id: string; manages: boolean },
): string | null {
  const space = item.space;
  const office = (section: string) => (space ? `/myspaces/${space.id}?section=${section}` : null);
  const [subject] = item.kind.split('.');
  switch (subject) {
    case 'reservation': {
      const startsAt = item.details.startsAt;
      if (!reader.manages || !space || typeof startsAt !== 'string' || Number.isNaN(Date.parse(startsAt))) {
        return '/reservations';
      }
      return `/reservations?view=planning&space=${space.id}&date=${todayIn(space.timeZone, new Date(startsAt))}`;
    }
    case 'calendar_feed':
      return '/reservations';
    case 'space': {
      if (!space) return null;
      if (!reader.manages) return `/spaces/${space.slug}`;
      const sections: Partial<Record<ActivityKind, string>> = {
        'space.hours_changed': 'hours',
        'space.closures_changed': 'hours',
        'space.branding_changed': 'branding',
        'space.photos_changed': 'photos',
        'space.published': 'status',
        'space.archived': 'status',
      };
      if (item.kind === 'space.policy_changed') return `/reservations?view=planning&space=${space.id}`;
      return office(sections[item.kind] ?? 'general');
    }
    case 'room':
      if (!space) return null;
      return reader.manages ? office('rooms') : `/spaces/${space.slug}/rooms/${item.subject.id}`;
    case 'member':
      if (!space) return null;
      return reader.manages ? office('team') : `/spaces/${space.slug}`;
    case 'formula':
    case 'sales_settings':
      return reader.manages ? office('formulas') : null;
    case 'order':
    case 'plan':
    case 'credits':
      return reader.manages && item.actor.id !== reader.id && item.about?.id !== reader.id
        ? office('formulas')
        : '/plans';
    // Invoices, credit notes and their payments: the space's invoicing for its managers, the buyer's own
    // invoices for the buyer; nobody else's.
    case 'invoice':
    case 'credit_note':
    case 'payment':
      if (reader.manages && space) return `/myspaces/${space.id}/invoicing#invoices`;
      return item.about?.id === reader.id ? '/documents#my-invoices' : null;
    case 'invoicing':
      return reader.manages && space ? `/myspaces/${space.id}/invoicing#closing` : null;
    case 'legal_identity':
      return reader.manages && space ? `/myspaces/${space.id}/invoicing#identity` : null;
    case 'billing_details':
      return item.actor.id === reader.id ? '/profile#billing' : null;
    case 'document':
      if (reader.manages && space) return `/myspaces/${space.id}/documents`;
      return '/documents#shared-documents';
    // Moderation: the space's reports for its managers; the content put back for its author.
    case 'report':
      if (reader.manages && space) return office('reports');
      return item.kind === 'report.reinstated' && item.subject.type === 'ad'
        ? `/ad/${item.subject.id}`
        : null;
    case 'ad':
      return `/ad/${item.subject.id}`;
    case 'directory':
      return '/community';
    case 'event':
      if (!space) return null;
      return reader.manages
        ? `/myspaces/${space.id}/events/${item.subject.id}`
        : `/events/${item.subject.id}`;
    case 'event_settings':
      return reader.manages ? office('events') : null;
    case 'registration': {
      const eventId = item.details.eventId;
      if (!space || typeof eventId !== 'string') return null;
      return reader.manages ? `/myspaces/${space.id}/events/${eventId}` : `/events/${eventId}`;
    }
    // The site's content: only admins write it, and its place to see it is the admin area.
    case 'article':
      return `/admin/blog/${item.subject.id}`;
    case 'faq_entry':
      return '/admin/faq';
    case 'partner':
      return '/admin/partners';
    case 'message':
      return null;
    default:
      // Accounts and security: the reader's own profile, nobody else's.
      return item.actor.id === reader.id || item.about?.id === reader.id ? '/profile' : null;
  }
}

function itemOf(row: EntryRow): Omit<TActivityItem, 'link'> | null {
  if (!isActivityKind(row.kind)) return null;
  return {
    id: String(row.id),
    kind: row.kind,
    occurredAt: row.occurred_at,
    actor:
      row.actor_type === 'system'
        ? { type: 'system', id: null, name: null }
        : personOf(row.actor_id, row.actor_name, row.actor_deleted),
    about: row.about_user_id ? personOf(row.about_user_id, row.about_name, row.about_deleted) : null,
    subject: { type: row.subject_type, id: row.subject_id },
    space:
      row.space_id && row.space_name !== null
        ? {
            id: row.space_id,
            name: row.space_name,
            slug: row.space_slug ?? '',
            timeZone: row.space_time_zone ?? DEFAULT_TIME_ZONE,
          }
        : null,
    details: row.details ?? {},
    changes: row.changes ?? {},
  };
}

/** The zone a period's dates are read in: the space's when one is asked for, else the app's default. */
async function zoneOfFilters(db: Db, filters: TActivityFilters): Promise<string> {
  if (!filters.spaceId || (!filters.from && !filters.to)) return DEFAULT_TIME_ZONE;
  const space = await findSpaceSummary(db, filters.spaceId);
  return space?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The spaces whose entries the reader sees as a manager (all of them for an admin). */
async function managedSet(ctx: ActivityContext, plan: Plan): Promise<(spaceId: string) => boolean> {
  if (plan.managesAll) return () => true;
  const managed = await spacesWhere(ctx, 'manage');
  if (managed === 'all') return () => true;
  const set = new Set(managed);
  return (spaceId) => set.has(spaceId);
}

/** One page of the feed, newest first, with the cursor of the next page (null on the last). */
export async function listActivity(
  ctx: ActivityContext,
  query: ActivityQuery,
): Promise<{ items: TActivityItem[]; nextCursor: string | null }> {
  const user = requireSignedIn(ctx.actor);
  const plan = await planFor(ctx, query);
  const zone = await zoneOfFilters(ctx.db, query);
  const limit = query.pageSize + 1;
  const [rows, manages] = await readAll(ctx.db, [
    () =>
      rowsOf<EntryRow>(
        ctx.db,
        sql`
    SELECT e.id::text AS id, e.kind,
           to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS occurred_at,
           e.actor_type, e.actor_id, actor.name AS actor_name, actor.deleted_at IS NOT NULL AS actor_deleted,
           e.about_user_id, about.name AS about_name, about.deleted_at IS NOT NULL AS about_deleted,
           e.subject_type, e.subject_id, e.space_id, space.name AS space_name, space.slug AS space_slug,
           space.time_zone AS space_time_zone, e.details, e.changes
    FROM (${sourceOf(query, plan, zone, limit)}) AS e
    LEFT JOIN users actor ON actor.id = e.actor_id
    LEFT JOIN users about ON about.id = e.about_user_id
    LEFT JOIN spaces space ON space.id = e.space_id
    ${ORDER}`,
      ),
    () => managedSet(ctx, plan),
  ]);
  const { items: page, nextCursor } = keysetPageOf(rows, query.pageSize, (last) =>
    encodeActivityCursor({ occurredAt: last.occurred_at, id: Number(last.id) }),
  );
  const items = page.flatMap((row) => {
    const item = itemOf(row);
    if (!item) return [];
    const reader = { id: user.id, manages: item.space !== null && manages(item.space.id) };
    return [{ ...item, link: linkOf(item, reader) }];
  });
  return { items, nextCursor };
}

interface PersonRow extends Record<string, unknown> {
  id: string;
  name: string;
  email: string;
}

/**
 * Everyone the person filter offers in these spaces: their team and members, and whoever did something
 * there or had something done about them (booked, bought, registered, was invoiced), by name. Only these
 * spaces' entries are read (one pass over their history: see decision 020), so nobody from another space
 * is offered. Two people with one name are told
 * apart by their e-mail (managers see their bookers' and attendees' e-mails already); the others' e-mails
 * are not sent.
 */
async function peopleWithActivity(
  db: Db,
  spaceIds: readonly string[],
): Promise<TActivityFilterOptions['people']> {
  const rows = await rowsOf<PersonRow>(
    db,
    sql`
    WITH ids AS (
      SELECT m.user_id AS id FROM space_members m WHERE m.space_id = ANY(${uuidArray(spaceIds)})
      UNION
      SELECT p.id FROM activity_entries e
      CROSS JOIN LATERAL (VALUES (e.actor_id), (e.about_user_id)) AS p(id)
      WHERE e.space_id = ANY(${uuidArray(spaceIds)}) AND p.id IS NOT NULL
    )
    SELECT u.id, u.name, u.email FROM ids JOIN users u ON u.id = ids.id
    WHERE u.deleted_at IS NULL
    ORDER BY u.name, u.id
    LIMIT ${MAX_ACTIVITY_PEOPLE}`,
  );
  const names = new Map<string, number>();
  for (const row of rows) names.set(row.name, (names.get(row.name) ?? 0) + 1);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: (names.get(row.name) ?? 0) > 1 ? row.email : null,
  }));
}

/** The scopes, spaces and people the reader's filters offer. */
export async function getFilterOptions(
  ctx: ActivityContext,
  input: { scope: ActivityScope; spaceId?: string },
): Promise<TActivityFilterOptions> {
  const user: SessionUser = requireSignedIn(ctx.actor);
  const managed = await spacesWhere(ctx, 'manage');
  const manages = managed === 'all' || managed.length > 0;
  const scopes: ActivityScope[] = [
    'mine',
    ...(manages ? (['spaces'] as const) : []),
    ...(isPlatformAdmin(user) ? (['all'] as const) : []),
  ];
  if (input.scope === 'mine' || !scopes.includes(input.scope)) return { scopes, spaces: [], people: [] };
  if (input.spaceId && managed !== 'all' && !managed.includes(input.spaceId)) {
    throw new AppError('permission-denied', 'Only the managers of the space see its activity');
  }
  // The people of the space asked for, or of every space managed (an admin picks a space first).
  const peopleOf = input.spaceId ? [input.spaceId] : managed === 'all' ? [] : managed;
  const [spaceList, people] = await readAll(ctx.db, [
    () =>
      ctx.db
        .select({ id: spaces.id, name: spaces.name, timeZone: spaces.timeZone })
        .from(spaces)
        .where(managed === 'all' ? undefined : inArray(spaces.id, managed))
        .orderBy(asc(spaces.name), asc(spaces.id))
        .limit(MAX_ACTIVITY_PEOPLE),
    () => (peopleOf.length ? peopleWithActivity(ctx.db, peopleOf) : Promise.resolve([])),
  ]);
  return { scopes, spaces: spaceList, people };
}
