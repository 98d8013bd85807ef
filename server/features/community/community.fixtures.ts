import { callOk, type Agent, type TestApp } from '../../../tests/support/test-app';
import { addRole, insertSpace } from '../../db/factories.fixtures';

/** Who the community tests ask as: everyone but the anonymous visitor has an account. */
export type CommunityPerson = 'member' | 'other' | 'author' | 'manager' | 'admin';

/**
 * A space's community on `app`, each person signed in: two members of the space (`member`, and `author`,
 * who writes what the tests ask about), its `manager`, a member of another space (`other`), a platform admin
 * (who belongs to no space), and an anonymous visitor. Names are `<firstName> <who>`.
 */
export async function signInCommunity(app: TestApp, firstName: string) {
  const db = app.database.db;
  const spaceId = await insertSpace(db);
  const otherSpaceId = await insertSpace(db);
  const agents = { anonymous: app.agent() } as Record<CommunityPerson | 'anonymous', Agent>;
  const people = {} as Record<CommunityPerson, { id: string; email: string }>;
  for (const who of ['member', 'other', 'author', 'manager'] as const) {
    const { agent, user } = await app.signedIn({ name: `${firstName} ${who}` });
    agents[who] = agent;
    people[who] = user;
  }
  const admin = await app.signedIn({ isAdmin: true, name: 'Admin Escale' });
  agents.admin = admin.agent;
  people.admin = admin.user;
  await addRole(db, spaceId, people.member.id, 'member');
  await addRole(db, spaceId, people.author.id, 'member');
  await addRole(db, spaceId, people.manager.id, 'manager');
  await addRole(db, otherSpaceId, people.other.id, 'member');
  return { spaceId, otherSpaceId, agents, people };
}

/** Lists the person `agent` is signed in as in the directory, by name only. */
export async function showNameInDirectory(agent: Agent): Promise<void> {
  await callOk(agent, 'community.updateDirectorySettings', { visible: true, fields: ['name'], links: [] });
}

/** `reporter` reports an ad or a profile (`subjectId`: the ad's or the person's id); the report's id. */
export async function reportContent(
  reporter: Agent,
  subject: 'ad' | 'profile',
  subjectId: string,
  reason: string,
): Promise<string> {
  return (await callOk<{ id: string }>(reporter, 'community.report', { subject, subjectId, reason })).id;
}

/** A moderator (the space's manager, or an admin) upholds (`hide`) or dismisses a report. */
export async function decideReport(
  moderator: Agent,
  reportId: string,
  decision: 'hide' | 'dismiss',
  reason: string,
): Promise<void> {
  await callOk(moderator, 'community.decideReport', { reportId, decision, reason });
}
