import { eq, inArray } from 'drizzle-orm';
import { excerptOf } from '../../features/community/ads.service';
import { renderMarkdown } from '../../platform/markdown';
import type { Db } from '../client';
import { users } from '../schema/auth';
import { adSpaces, ads, directoryEntries } from '../schema/community';
import { spaces } from '../schema/spaces';

const DAY_MS = 86_400_000;

/** What the demo member and manager show in the directory (both opted in, in demo-accounts.ts). */
const DIRECTORY = [
  { email: 'membre@escale.test', fields: ['name', 'avatar', 'company', 'jobTitle', 'skills', 'bio'] },
  { email: 'gerant@escale.test', fields: ['name', 'avatar', 'company', 'jobTitle', 'skills'] },
];

/** Two ads in Acme, written by us, so /community is not empty on a fresh start. */
const ADS = [
  {
    email: 'membre@escale.test',
    category: 'service',
    kind: 'offer',
    title: 'Atelier UX : vos écrans relus en 30 minutes',
    body: 'Je propose une relecture rapide de vos maquettes ou de votre site, le **mardi midi** à Acme.\n\n- 30 minutes par projet\n- retours écrits ensuite\n\nRépondez à l’annonce pour réserver un créneau.',
    days: 21,
  },
  {
    email: 'gerant@escale.test',
    category: 'desk',
    kind: 'offer',
    title: 'Bureau fixe à partager le vendredi',
    body: 'Un bureau fixe près de la fenêtre est libre **tous les vendredis** jusqu’à l’été. Écran 27 pouces et caisson fournis.',
    days: 30,
  },
] as const;

export async function seedDemoCommunity(db: Db, now = new Date()): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DIRECTORY.map((entry) => entry.email),
      ),
    );
  const idOf = new Map(people.map((person) => [person.email, person.id]));
  const entries = DIRECTORY.flatMap(({ email, fields }) => {
    const userId = idOf.get(email);
    return userId ? [{ userId, fields: [...fields] }] : [];
  });
  for (const entry of entries) {
    await db
      .update(directoryEntries)
      .set({ fields: entry.fields })
      .where(eq(directoryEntries.userId, entry.userId));
  }
  const [acme] = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(eq(spaces.slug, 'acme-coworking-paris'));
  if (!acme) return;
  for (const [index, ad] of ADS.entries()) {
    const authorId = idOf.get(ad.email);
    if (!authorId) continue;
    const createdAt = new Date(now.getTime() - (index + 1) * DAY_MS);
    const [row] = await db
      .insert(ads)
      .values({
        authorId,
        category: ad.category,
        kind: ad.kind,
        title: ad.title,
        body: ad.body,
        bodyHtml: renderMarkdown(ad.body),
        excerpt: excerptOf(ad.body),
        endsAt: new Date(createdAt.getTime() + ad.days * DAY_MS),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: ads.id });
    await db.insert(adSpaces).values({ adId: row!.id, spaceId: acme.id });
  }
}
