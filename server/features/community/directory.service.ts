import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_DIRECTORY_FIELDS,
  DIRECTORY_FIELDS,
  DIRECTORY_PAGE_SIZE,
  type DirectoryField,
  type TDirectoryMember,
  type TDirectorySettings,
} from '#contract/community';
import { communitySpacesOf, requireSignedIn } from '../../platform/policy';
import { AppError } from '#contract/errors';
import { pageOf, pageWindowSql } from '../../db/pagination';
import { rowsOf } from '../../db/rows';
import { parameterList, uuidList } from '../../db/sql-lists';
import { spaceNamesByKey } from './space-names';
import { users } from '../../db/schema/auth';
import { directoryEntries } from '../../db/schema/community';
import { changesBetween } from '../../platform/activity';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';

/**
 * The directory (docs/decisions/023): members of the spaces I belong to who opted in, showing only the
 * fields each chose. Searching reads only shown fields, so a hidden company is never found by its name.
 */

function knownFields(fields: readonly string[] | null | undefined): DirectoryField[] {
  const chosen = fields ?? DEFAULT_DIRECTORY_FIELDS;
  return DIRECTORY_FIELDS.filter((field) => chosen.includes(field));
}

export interface DirectorySettingsView extends TDirectorySettings {
  /** A moderator hid the entry: it is not listed whatever the person chooses. */
  hidden: boolean;
}

export async function getDirectorySettings(ctx: ServiceContext): Promise<DirectorySettingsView> {
  const userId = requireSignedIn(ctx.actor).id;
  const [row] = await ctx.db
    .select({
      visible: users.communityVisible,
      fields: directoryEntries.fields,
      links: directoryEntries.links,
      hiddenAt: directoryEntries.hiddenAt,
    })
    .from(users)
    .leftJoin(directoryEntries, eq(directoryEntries.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('unauthenticated', 'Account not found');
  return {
    visible: row.visible,
    fields: knownFields(row.fields),
    links: row.links ?? [],
    hidden: row.hiddenAt !== null,
  };
}

/** Opts in or out and chooses the fields, in one unit of work with its `directory.updated` entry. */
export async function updateDirectorySettings(
  ctx: ServiceContext,
  input: TDirectorySettings,
): Promise<DirectorySettingsView> {
  const userId = requireSignedIn(ctx.actor).id;
  const fields = knownFields(input.fields);
  await unitOfWork(ctx, async (work) => {
    const before = await getDirectorySettings(work);
    await work.db
      .update(users)
      .set({ communityVisible: input.visible, updatedAt: work.now })
      .where(eq(users.id, userId));
    await work.db
      .insert(directoryEntries)
      .values({ userId, fields, links: input.links, updatedAt: work.now })
      .onConflictDoUpdate({
        target: directoryEntries.userId,
        set: { fields, links: input.links, updatedAt: work.now },
      });
    const after = { visible: input.visible, fields, links: input.links };
    const changes = changesBetween(before, after, ['visible', 'fields', 'links']);
    if (Object.keys(changes).length) {
      await logActivity(work, { kind: 'directory.updated', subject: { type: 'user', id: userId }, changes });
    }
  });
  return getDirectorySettings(ctx);
}

interface MemberRow extends Record<string, unknown> {
  id: string;
  name: string;
  image: string | null;
  company: string | null;
  job_title: string | null;
  skills: string[];
  bio: string | null;
  fields: string[];
  links: string[];
}

/** `%text%` for ILIKE, its own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A listed person as the reader sees them: only the fields they chose. */
function memberOf(row: MemberRow, spaces: string[]): TDirectoryMember {
  const shown = new Set(row.fields);
  return {
    id: row.id,
    name: shown.has('name') ? row.name : null,
    avatarUrl: shown.has('avatar') ? row.image : null,
    company: shown.has('company') ? row.company : null,
    jobTitle: shown.has('jobTitle') ? row.job_title : null,
    skills: shown.has('skills') ? row.skills : [],
    bio: shown.has('bio') ? row.bio : null,
    links: shown.has('links') ? row.links : [],
    spaces,
  };
}

export async function searchDirectory(
  ctx: ServiceContext,
  input: { q?: string; spaceId?: string; page: number },
): Promise<{
  members: TDirectoryMember[];
  page: number;
  hasMore: boolean;
  spaces: Array<{ id: string; name: string }>;
}> {
  const userId = requireSignedIn(ctx.actor).id;
  const spaces = await communitySpacesOf(ctx.db, userId);
  const spaceIds = spaces.map((space) => space.id).filter((id) => !input.spaceId || id === input.spaceId);
  // A space one does not belong to shows nothing (as if empty), like any space filter on a list.
  if (!spaceIds.length) return { members: [], page: input.page, hasMore: false, spaces };
  const q = input.q?.trim();
  const spaceList = uuidList(spaceIds);
  // `listed`, `sort_name` and `search_text` are kept by the database from the fields each person shows
  // (migration 0014): the page is read in the order of `directory_listed_idx`, each row checked for a shared
  // space by the memberships' primary key, until the page is full.
  const rows = await rowsOf<MemberRow>(
    ctx.db,
    sql`
    select u.id, u.name, u.image, u.company, u.job_title, u.skills, u.bio, d.fields, d.links
    from directory_entries d
    join users u on u.id = d.user_id
    where d.listed
      and exists (select 1 from space_members m where m.user_id = d.user_id and m.space_id in (${spaceList}))
      ${q ? sql`and d.search_text like ${containsPattern(q.toLowerCase())}` : sql``}
    order by d.sort_name, d.user_id
    ${pageWindowSql(input.page, DIRECTORY_PAGE_SIZE)}`,
  );
  const { items: page, hasMore } = pageOf(rows, DIRECTORY_PAGE_SIZE);
  const shared = await sharedSpacesOf(
    ctx,
    page.map((row) => row.id),
    spaceIds,
  );
  return {
    members: page.map((row) => memberOf(row, shared.get(row.id) ?? [])),
    page: input.page,
    hasMore,
    spaces,
  };
}

/** For a page of people, the names of the reader's spaces each belongs to. */
async function sharedSpacesOf(
  ctx: ServiceContext,
  userIds: string[],
  spaceIds: string[],
): Promise<Map<string, string[]>> {
  return spaceNamesByKey(
    ctx.db,
    userIds,
    sql`select m.user_id as key, s.name from space_members m join spaces s on s.id = m.space_id
      where m.user_id in (${parameterList(userIds)}) and m.space_id in (${uuidList(spaceIds)})`,
  );
}

/** Whether the person is listed in a directory the reader sees (opted in, shares a space). */
export async function isListedFor(ctx: ServiceContext, readerId: string, memberId: string): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    ctx.db,
    sql`select 1 as one from directory_entries d
      where d.user_id = ${memberId} and d.listed
        and exists (select 1 from space_members theirs join space_members mine
          on mine.space_id = theirs.space_id and mine.user_id = ${readerId} where theirs.user_id = d.user_id)
      limit 1`,
  );
  return rows.length > 0;
}
