// @databases pglite postgres
/**
 * The blog over HTTP, as each kind of caller meets it: what the public reads show (published and due at
 * the app's clock, never a draft), what Markdown becomes on the way, who may write (admins only), and what
 * the database itself refuses.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TArticleDraft } from '#contract/blog';
import {
  HTTP_CALLERS,
  itServesAdminsOnly,
  signInAroundASpace,
  type HttpCaller,
} from '../../../tests/support/permission-matrix';
import { startTestApp, type Agent, type TestApp } from '../../../tests/support/test-app';
import { rowsOf } from '../../db/rows';
import { refusalOf } from '../../../tests/support/database-refusal';

const START = new Date('2027-05-03T08:00:00Z');
let now = START;

let app: TestApp;
const agents = {} as Record<HttpCaller, Agent>;

beforeAll(async () => {
  app = await startTestApp({ clock: () => now });
  Object.assign(agents, await signInAroundASpace(app, { managerRole: 'owner' }));
});
afterAll(() => app.close());

async function call(agent: Agent, name: string, data: unknown) {
  const response = await agent.call(name, data);
  const body = (await response.json()) as { result?: unknown; error?: { status: string; details?: unknown } };
  return { status: response.status, result: body.result as Record<string, unknown>, error: body.error };
}

async function asAdmin<T = Record<string, unknown>>(name: string, data: unknown): Promise<T> {
  const answer = await call(agents.admin, name, data);
  if (answer.status !== 200) throw new Error(`${name} → ${answer.status} ${JSON.stringify(answer.error)}`);
  return answer.result as T;
}

let slugCount = 0;
function draft(overrides: Partial<TArticleDraft> = {}): TArticleDraft {
  slugCount += 1;
  return {
    slug: `article-${slugCount}`,
    tags: ['coworking'],
    coverUrl: null,
    fr: { title: `Article ${slugCount}`, excerpt: 'Un résumé.', body: 'Un texte.', coverAlt: '' },
    en: { title: `Article ${slugCount} (en)`, excerpt: 'A summary.', body: 'A text.', coverAlt: '' },
    ...overrides,
  };
}

async function publishedArticle(overrides: Partial<TArticleDraft> = {}, publishAt?: string) {
  const article = draft(overrides);
  const { id } = await asAdmin<{ id: string }>('blogAdmin.create', article);
  await asAdmin('blogAdmin.publish', { id, publishAt });
  return { id, slug: article.slug };
}

describe('Markdown written in an article', () => {
  it('is rendered harmless: script, javascript: links, event handlers and raw HTML', async () => {
    const body = [
      '# Titre',
      '<script>alert(1)</script>',
      '[clic](javascript:alert(2)) [data](data:text/html,<b>x</b>) [vb](vbscript:msgbox(1))',
      '<img src="x" onerror="alert(3)"> <a href="https://example.com" onclick="alert(4)">lien</a>',
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
      '![image](javascript:alert(5)) ![ok](https://example.com/ok.png)',
      '[site](https://example.com) et [FAQ](/faq)',
    ].join('\n\n');
    const { slug } = await publishedArticle({
      fr: { title: 'Hostile', excerpt: '<b>gras</b> *résumé*', body, coverAlt: '' },
    });
    const article = await call(agents.anonymous, 'blog.get', { slug, locale: 'fr' });
    const html = String(article.result.bodyHtml);
    // No element that runs anything, no handler attribute on a real tag, no link or image to a script URL.
    expect(html).not.toMatch(/<(script|iframe|style|object|embed)/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i);
    expect(html).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
    // Raw HTML is shown as text, not run.
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<h2>Titre</h2>');
    expect(html).toContain('<img src="https://example.com/ok.png" alt="ok" />');
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow ugc" target="_blank">site</a>',
    );
    expect(html).toContain('<a href="/faq">FAQ</a>');
    // The description is plain text.
    expect(article.result.description).toBe('<b>gras</b> résumé');
  });

  it('previews through the same renderer (admins only)', async () => {
    const { html } = await asAdmin<{ html: string }>('blogAdmin.preview', {
      markdown: '**gras** <script>x</script> [x](javascript:alert(1))',
    });
    expect(html).toBe(
      '<p><strong>gras</strong> &lt;script&gt;x&lt;/script&gt; [x](javascript:alert(1))</p>\n',
    );
  });
});

describe('a scheduled article', () => {
  it('is invisible before its time and visible after, in the list, the page, the sitemap and by tag', async () => {
    const publishAt = new Date(START.getTime() + 2 * 86_400_000).toISOString();
    const { id, slug } = await publishedArticle({ tags: ['programmé'] }, publishAt);
    const seen = async () => {
      const list = await call(agents.anonymous, 'blog.list', { pageSize: 50 });
      const byTag = await call(agents.anonymous, 'blog.list', { tag: 'programmé' });
      const page = await call(agents.anonymous, 'blog.get', { slug });
      const sitemap = await call(agents.anonymous, 'blog.sitemapEntries', {});
      return {
        list: (list.result.items as Array<{ slug: string }>).some((item) => item.slug === slug),
        tag: (byTag.result.items as Array<{ slug: string }>).some((item) => item.slug === slug),
        page: page.status,
        sitemap: (sitemap.result as unknown as Array<{ slug: string }>).some((entry) => entry.slug === slug),
      };
    };
    expect(await seen()).toEqual({ list: false, tag: false, page: 404, sitemap: false });
    const admin = await asAdmin<Array<{ id: string; state: string }>>('blogAdmin.list', {});
    expect(admin.find((row) => row.id === id)?.state).toBe('scheduled');

    now = new Date(Date.parse(publishAt) - 1000);
    expect((await seen()).page).toBe(404);
    now = new Date(publishAt);
    expect(await seen()).toEqual({ list: true, tag: true, page: 200, sitemap: true });
    now = START;
  });

  it('a draft is never public, and unpublishing takes an article off', async () => {
    const article = draft();
    const { id } = await asAdmin<{ id: string }>('blogAdmin.create', article);
    expect((await call(agents.admin, 'blog.get', { slug: article.slug })).status).toBe(404);
    await asAdmin('blogAdmin.publish', { id });
    expect((await call(agents.anonymous, 'blog.get', { slug: article.slug })).status).toBe(200);
    await asAdmin('blogAdmin.unpublish', { id });
    expect((await call(agents.anonymous, 'blog.get', { slug: article.slug })).status).toBe(404);
  });
});

describe('reading', () => {
  it('gives the English version to English readers, the French one when there is none', async () => {
    const english = await publishedArticle();
    const frenchOnly = await publishedArticle({ en: null });
    const en = await call(agents.anonymous, 'blog.get', { slug: english.slug, locale: 'en' });
    expect(en.result).toMatchObject({ lang: 'en', languages: ['fr', 'en'] });
    const fr = await call(agents.anonymous, 'blog.get', { slug: frenchOnly.slug, locale: 'en' });
    expect(fr.result).toMatchObject({ lang: 'fr', languages: ['fr'] });
  });

  it('links each article to the one before and after it, and pages the list', async () => {
    const base = START.getTime() - 30 * 86_400_000;
    const at = (days: number) => new Date(base + days * 86_400_000).toISOString();
    const a = await publishedArticle({ tags: ['suite'] }, at(1));
    const b = await publishedArticle({ tags: ['suite'] }, at(2));
    const c = await publishedArticle({ tags: ['suite'] }, at(3));
    const middle = await call(agents.anonymous, 'blog.get', { slug: b.slug });
    expect(middle.result.previous).toMatchObject({ slug: a.slug });
    expect(middle.result.next).toMatchObject({ slug: c.slug });
    const first = await call(agents.anonymous, 'blog.list', { tag: 'suite', pageSize: 2 });
    expect(first.result).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect((first.result.items as Array<{ slug: string }>).map((item) => item.slug)).toEqual([
      c.slug,
      b.slug,
    ]);
    const second = await call(agents.anonymous, 'blog.list', { tag: 'suite', pageSize: 2, page: 2 });
    expect((second.result.items as Array<{ slug: string }>).map((item) => item.slug)).toEqual([a.slug]);
  });
});

describe('writing', () => {
  it('refuses a slug already taken, next to the field', async () => {
    const first = draft();
    await asAdmin('blogAdmin.create', first);
    const again = await call(agents.admin, 'blogAdmin.create', draft({ slug: first.slug }));
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({
      status: 'ALREADY_EXISTS',
      details: { fields: [{ path: 'slug', message: 'slug-taken' }] },
    });
  });

  it('asks for the cover to be described in each language', async () => {
    const answer = await call(
      agents.admin,
      'blogAdmin.create',
      draft({ coverUrl: 'https://example.com/cover.png' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({
      details: {
        fields: [
          { path: 'fr.coverAlt', message: 'required' },
          { path: 'en.coverAlt', message: 'required' },
        ],
      },
    });
    const unsafe = await call(agents.admin, 'blogAdmin.create', draft({ coverUrl: 'javascript:alert(1)' }));
    expect(unsafe.status).toBe(400);
  });
});

describe('who may call what', () => {
  const ADMIN_CALLS: Array<[string, () => Promise<unknown> | unknown]> = [
    ['blogAdmin.list', () => ({})],
    ['blogAdmin.get', async () => ({ id: (await asAdmin<{ id: string }>('blogAdmin.create', draft())).id })],
    ['blogAdmin.create', () => draft()],
    [
      'blogAdmin.update',
      async () => ({ id: (await asAdmin<{ id: string }>('blogAdmin.create', draft())).id, article: draft() }),
    ],
    [
      'blogAdmin.publish',
      async () => ({ id: (await asAdmin<{ id: string }>('blogAdmin.create', draft())).id }),
    ],
    ['blogAdmin.unpublish', async () => ({ id: (await publishedArticle()).id })],
    [
      'blogAdmin.delete',
      async () => ({ id: (await asAdmin<{ id: string }>('blogAdmin.create', draft())).id }),
    ],
    ['blogAdmin.preview', () => ({ markdown: '*hello*' })],
  ];

  itServesAdminsOnly(ADMIN_CALLS, HTTP_CALLERS, (caller) => agents[caller]);

  it.each(HTTP_CALLERS)('the public reads answer %s the same, published articles only', async (caller) => {
    const { slug } = await publishedArticle();
    const hidden = draft();
    await asAdmin('blogAdmin.create', hidden);
    const list = await call(agents[caller], 'blog.list', { pageSize: 50 });
    const slugs = (list.result.items as Array<{ slug: string }>).map((item) => item.slug);
    expect(slugs).toContain(slug);
    expect(slugs).not.toContain(hidden.slug);
    expect((await call(agents[caller], 'blog.get', { slug })).status).toBe(200);
    expect((await call(agents[caller], 'blog.get', { slug: hidden.slug })).status).toBe(404);
    expect((await call(agents[caller], 'blog.sitemapEntries', {})).status).toBe(200);
  });
});

describe('the database', () => {
  const refused = async (statement: ReturnType<typeof sql>, constraint: string) => {
    expect(await refusalOf(rowsOf(app.database.db, statement))).toMatchObject({
      sqlState: '23514',
      constraint,
    });
  };
  it('refuses a published article without a time, a bad slug, half an English version, an unsafe cover', async () => {
    const [author] = await rowsOf<{ id: string }>(app.database.db, sql`SELECT id FROM users LIMIT 1`);
    const insert = (columns: string) =>
      sql.raw(
        `INSERT INTO articles (slug, author_id, title_fr, excerpt_fr, body_fr, status, published_at, title_en, cover_url)
         VALUES ${columns.replace('$author', `'${author!.id}'`)}`,
      );
    await refused(
      insert(`('sans-date', $author, 'T', 'E', 'B', 'published', null, null, null)`),
      'articles_published_has_time',
    );
    await refused(
      insert(`('Pas Un Slug', $author, 'T', 'E', 'B', 'draft', null, null, null)`),
      'articles_slug_shape',
    );
    await refused(
      insert(`('moitie', $author, 'T', 'E', 'B', 'draft', null, 'Title', null)`),
      'articles_english_whole',
    );
    await refused(
      insert(`('couverture', $author, 'T', 'E', 'B', 'draft', null, null, 'javascript:alert(1)')`),
      'articles_cover_url_safe',
    );
    await refused(
      insert(`('vide', $author, '', 'E', 'B', 'draft', null, null, null)`),
      'articles_french_written',
    );
    await rowsOf(
      app.database.db,
      insert(`('correct', $author, 'T', 'E', 'B', 'draft', null, null, '/media/x')`),
    );
  });
});
