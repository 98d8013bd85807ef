/** The blog's paths, without zod, for the pages' components (docs/decisions/022-blog-and-admin-content.md). */
export const BLOG_PATH = '/blog';
export const BLOG_FEED_PATH = '/blog/feed.xml';
export const articlePath = (slug: string) => `/blog/article/${slug}`;
