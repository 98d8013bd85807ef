import { articlePath, listArticleSitemapEntries } from '#contract/blog';
import { listSitemapEntries } from '#contract/spaces';
import type { Route } from './+types/sitemap';

const STATIC_PATHS = ['/', '/search', '/spaces/all', '/blog'];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function urlEntry(loc: string, lastmod?: string): string {
  return `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
}

/** `/sitemap.xml`: the catalogue's public pages, each space and room, and each published article, with its last change. */
export async function loader({ context }: Route.LoaderArgs) {
  const base = context.config.baseUrl;
  const [entries, articles] = await Promise.all([
    context.call(listSitemapEntries, {}),
    context.call(listArticleSitemapEntries, {}),
  ]);
  const urls = [
    ...STATIC_PATHS.map((path) => urlEntry(`${base}${path}`)),
    ...entries.flatMap((space) => [
      urlEntry(`${base}/spaces/${space.slug}`, space.updatedAt),
      ...space.rooms.map((room) => urlEntry(`${base}/spaces/${space.slug}/rooms/${room.id}`, room.updatedAt)),
    ]),
    ...articles.map((article) => urlEntry(`${base}${articlePath(article.slug)}`, article.updatedAt)),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
