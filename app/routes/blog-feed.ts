import { articlePath, BLOG_PATH, listArticles } from '#contract/blog';
import { translatorFor, type I18nHandle } from '~/platform/i18n';
import type { Route } from './+types/blog-feed';

/** The feed's own texts (its title and subtitle), read on the server. */
export const handle: I18nHandle = { i18n: ['blog'] };

const FEED_SIZE = 20;

/** Text as XML 1.0 content: markup characters escaped, and control characters XML cannot hold dropped. */
function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
  );
}

/**
 * `/blog/feed.xml`: an Atom feed of the latest published articles, in the reader's language (the same
 * choice as the pages: profile, cookie, then the browser's languages). Scheduled articles enter it at
 * their time, since it reads the same published-and-due list as /blog.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const base = context.config.baseUrl;
  const t = translatorFor(context.locale);
  const { items } = await context.call(listArticles, {
    locale: context.locale,
    page: 1,
    pageSize: FEED_SIZE,
  });
  const updated = items.reduce(
    (latest, item) => (item.updatedAt > latest ? item.updatedAt : latest),
    '1970-01-01T00:00:00.000Z',
  );
  const entries = items.map((item) => {
    const url = `${base}${articlePath(item.slug)}`;
    return [
      '  <entry>',
      `    <title>${escapeXml(item.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <id>${escapeXml(url)}</id>`,
      `    <published>${item.publishedAt}</published>`,
      `    <updated>${item.updatedAt}</updated>`,
      `    <author><name>${escapeXml(item.authorName)}</name></author>`,
      ...item.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`),
      `    <summary xml:lang="${item.lang}">${escapeXml(item.excerpt)}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${context.locale}">`,
    `  <title>${escapeXml(t('blog:feedTitle'))}</title>`,
    `  <subtitle>${escapeXml(t('blog:metaDescription'))}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${base}/blog/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${base}${BLOG_PATH}`)}"/>`,
    `  <id>${escapeXml(`${base}${BLOG_PATH}`)}</id>`,
    `  <updated>${updated}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/atom+xml; charset=utf-8',
      // Short: a scheduled article should reach readers soon after its time.
      'Cache-Control': 'public, max-age=300',
      Vary: 'Cookie, Accept-Language',
    },
  });
}
