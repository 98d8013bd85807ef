import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/auth';
import { articles, faqEntries, partners } from '../db/schema/site-content';
import { DEMO_ARTICLES } from './demo-articles';
import { DEMO_FAQ, DEMO_PARTNERS } from './demo-site-content';
import { articleColumnsOf } from '../features/blog/blog.service';
import { illustrationSvg } from '../features/spaces/illustrations';
import type { SavePhotoFile } from './seed-spaces';

/** The admin demo account writes the demo articles (server/demo/demo-accounts.ts). */
const DEMO_AUTHOR_EMAIL = 'admin@escale.test';

/**
 * The FAQ, the partners page and the demo articles (an empty database only, after the demo accounts).
 * Covers are drawn like the spaces' photos and served at `/media/<key>`.
 */
export async function seedDemoSiteContent(db: Db, save?: SavePhotoFile): Promise<void> {
  await db.insert(faqEntries).values(DEMO_FAQ.map((entry) => ({ ...entry, published: true })));
  await db.insert(partners).values(DEMO_PARTNERS.map((partner) => ({ ...partner, published: true })));

  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_AUTHOR_EMAIL));
  if (!author) return;
  for (const article of DEMO_ARTICLES) {
    let coverUrl: string | null = null;
    if (article.cover && save) {
      const svg = illustrationSvg(article.cover.scene, article.cover.color, 1);
      const key = await save(new TextEncoder().encode(svg), 'image/svg+xml', `article-${article.slug}.svg`);
      coverUrl = `/media/${key}`;
    }
    const publishedAt = new Date(article.publishedAt);
    const { slug, tags, fr, en } = article;
    await db.insert(articles).values({
      ...articleColumnsOf({ slug, tags, coverUrl, fr, en }),
      authorId: author.id,
      status: 'published',
      publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    });
  }
}
