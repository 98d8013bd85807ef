import { hashPassword } from 'better-auth/crypto';
import { inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { accounts, users } from '../db/schema/auth';
import { spaceMembers, type SPACE_ROLES } from '../db/schema/memberships';
import { spaces } from '../db/schema/spaces';

/** One password for every demo account, printed in the README and on start outside production. */
export const DEMO_PASSWORD = 'escale-demo-2026';

interface DemoAccount {
  email: string;
  name: string;
  isAdmin: boolean;
  company: string | null;
  jobTitle: string | null;
  skills: string[];
  bio: string | null;
  communityVisible: boolean;
  /** Space slug → role; the spaces come from the demo spaces (their slugs are kept stable). */
  roles: Record<string, (typeof SPACE_ROLES)[number]>;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'membre@escale.test',
    name: 'Camille Martin',
    isAdmin: false,
    company: 'Studio Lumen',
    jobTitle: 'Designer UX',
    skills: ['UX', 'Figma', 'Recherche utilisateur'],
    bio: 'Designer indépendante, je travaille depuis Acme deux jours par semaine.',
    communityVisible: true,
    roles: { 'acme-coworking-paris': 'member' },
  },
  {
    email: 'gerant@escale.test',
    name: 'Julien Moreau',
    isAdmin: false,
    company: 'Acme Coworking',
    jobTitle: 'Gérant',
    skills: ['Gestion', 'Événementiel'],
    bio: "Je gère Acme Coworking à Paris et j'aide La Ruche à Lyon.",
    communityVisible: true,
    roles: { 'acme-coworking-paris': 'owner', 'la-ruche-lyon': 'manager' },
  },
  {
    email: 'admin@escale.test',
    name: 'Équipe Escale',
    isAdmin: true,
    company: 'Escale',
    jobTitle: 'Administration',
    skills: [],
    bio: null,
    communityVisible: false,
    roles: {},
  },
];

const newId = () => randomBytes(24).toString('base64url');

/** The demo member, manager and admin, e-mails confirmed, with their roles in the demo spaces. */
export async function seedDemoAccounts(db: Db): Promise<void> {
  const password = await hashPassword(DEMO_PASSWORD);
  const slugs = [...new Set(DEMO_ACCOUNTS.flatMap((account) => Object.keys(account.roles)))];
  const found = slugs.length
    ? await db.select({ id: spaces.id, slug: spaces.slug }).from(spaces).where(inArray(spaces.slug, slugs))
    : [];
  const spaceIdOf = new Map(found.map((space) => [space.slug, space.id]));

  for (const { roles, ...account } of DEMO_ACCOUNTS) {
    const id = newId();
    await db.insert(users).values({ id, ...account, emailVerified: true, locale: 'fr' });
    await db
      .insert(accounts)
      .values({ id: newId(), accountId: id, providerId: 'credential', userId: id, password });
    const memberships = Object.entries(roles).flatMap(([slug, role]) => {
      const spaceId = spaceIdOf.get(slug);
      return spaceId ? [{ spaceId, userId: id, role }] : [];
    });
    if (memberships.length) await db.insert(spaceMembers).values(memberships);
  }
}

/** The demo accounts still present (a developer may have deleted one), for the start-up message. */
export async function presentDemoAccounts(db: Db): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return rows.map((row) => row.email);
}
