import { eq, inArray } from 'drizzle-orm';
import { excerptOf } from '../features/community/ads.service';
import type { IllustrationScene } from '../features/spaces/illustrations';
import type { SavePhotoFile } from './seed-spaces';
import { renderMarkdown } from '../platform/markdown';
import type { Db } from '../db/client';
import { users } from '../db/schema/auth';
import { adSpaces, ads, directoryEntries } from '../db/schema/community';
import { spaces } from '../db/schema/spaces';
import { demoIllustration, saveDemoFile } from './demo-files';

const DAY_MS = 86_400_000;

/** What the demo member and manager show in the directory (both opted in, in demo-accounts.ts). */
const DIRECTORY = [
  { email: 'membre@escale.test', fields: ['name', 'avatar', 'company', 'jobTitle', 'skills', 'bio'] },
  { email: 'gerant@escale.test', fields: ['name', 'avatar', 'company', 'jobTitle', 'skills'] },
];

interface DemoAd {
  email: string;
  category: string;
  kind: string;
  title: string;
  body: string;
  days: number;
  /** Its image, drawn at seed time and uploaded as its author's own (`ad-image`). */
  image?: { scene: IllustrationScene; color: string; alt: string };
}

/** Three ads in Acme, written by us (one with an image), so /community is not empty on a fresh start. */
const ADS: DemoAd[] = [
  {
    email: 'membre@escale.test',
    category: 'equipment',
    kind: 'offer',
    title: 'Donne écran 24 pouces et support d’ordinateur',
    body: 'Je libère mon poste : un **écran 24 pouces** (HDMI) et un support d’ordinateur portable, à venir chercher à Acme.\n\nRépondez à l’annonce, premier arrivé, premier servi.',
    days: 14,
    image: {
      scene: 'desk',
      color: '#0f766e',
      alt: 'Un poste de travail avec son écran et son support d’ordinateur',
    },
  },
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
];

export async function seedDemoCommunity(db: Db, now = new Date(), save?: SavePhotoFile): Promise<void> {
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
    const imageKey =
      ad.image && save
        ? await saveDemoFile(
            db,
            save,
            demoIllustration(ad.image.scene, ad.image.color, `ad-${index + 1}.svg`, index),
            { purpose: 'ad-image', ownerId: authorId },
          )
        : null;
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
        imageKey,
        imageAlt: imageKey ? (ad.image?.alt ?? '') : '',
      })
      .returning({ id: ads.id });
    await db.insert(adSpaces).values({ adId: row!.id, spaceId: acme.id });
  }
}
