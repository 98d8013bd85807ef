/**
 * The route table's pages (app/routes.ts, the objects React Router reads), each with its layouts' modules,
 * and which of them are public. Read by the chunk plan (vite.config.ts) and the first-load test
 * (tests/e2e/first-load.spec.ts): one definition of "a public page" (docs/decisions/031-light-pages.md).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

export interface RoutePage {
  /** The URL pattern, `/spaces/:id`. */
  pattern: string;
  /** The layouts' modules then the route's, relative to the project (`app/layouts/default.tsx`). */
  files: string[];
  /** Signed out, the page itself answers (no guard of app/platform/guard.ts in its module or a layout's). */
  public: boolean;
}

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/**
 * A page is for signed-in people when its module or a layout's calls a guard of app/platform/guard.ts in its
 * loader (a signed-out visitor is sent to the sign-in page); every other page is public.
 */
const GUARD = /\brequire(Viewer|Admin)\(/;

/** The route table's pages: routes with a component and no children (a resource route has no component). */
export function pagesOf(entries: RouteEntry[], prefix = '', parents: string[] = []): RoutePage[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? [prefix, entry.path].filter(Boolean).join('/') : prefix;
    const files = [...parents, `app/${entry.file}`];
    if (entry.children?.length) return pagesOf(entry.children, pattern, files);
    if (!/^export default /m.test(read(files.at(-1)!))) return [];
    return [{ pattern: `/${pattern}`, files, public: files.every((file) => !GUARD.test(read(file))) }];
  });
}

export const DEMO_SPACE = '/spaces/acme-coworking-paris';

/** The first link on the page at `path` whose target starts with `prefix` (the demo data's ids change at every seed). */
async function linkOn(
  html: (path: string) => Promise<string>,
  path: string,
  prefix: string,
): Promise<string> {
  const found = new RegExp(`href="(${prefix}[^"?#]+)`).exec(await html(path))?.[1];
  if (!found) throw new Error(`no link to ${prefix}… on ${path}`);
  return found;
}

/** A room of the demo space, as its page links it (`/spaces/acme-coworking-paris/rooms/<id>`). */
const demoRoom = (html: (path: string) => Promise<string>) =>
  linkOn(html, DEMO_SPACE, `${DEMO_SPACE}/rooms/`);

/**
 * What a first visit opens for a public route whose path has parameters (or, for a path without, a heavier
 * variant), on the demo data; `html` fetches a page's HTML signed out. A public route with parameters and no
 * example here fails the first-load test; `npm run bench` measures the same URLs.
 */
export const PUBLIC_EXAMPLES: Record<string, (html: (path: string) => Promise<string>) => Promise<string>> = {
  '/*': async () => '/une-page-absente',
  '/spaces/:id': async () => DEMO_SPACE,
  '/rooms/:roomId': async (html) => `/rooms/${(await demoRoom(html)).split('/').at(-1)}`,
  '/spaces/:spaceid/rooms/:roomid': demoRoom,
  '/formulas/:id': (html) => linkOn(html, DEMO_SPACE, '/formulas/'),
  '/events/:id': (html) => linkOn(html, DEMO_SPACE, '/events/'),
  '/blog/article/:id': async () => '/blog/article/reussir-sa-reunion-hors-les-murs',
  // A booking that could not be made (the page's other states are its member's, signed in).
  '/result': async (html) => `/result?error=slot-taken&room=${(await demoRoom(html)).split('/').at(-1)}`,
};

/**
 * Public pages whose URL a manager makes: a door display's secret link. The first-load test makes one as the
 * demo manager; `npm run bench door-displays` measures the display beside the bare app.
 */
export const MADE_BY_A_MANAGER = new Set(['/display/:token']);

/** The URL a first visit of `page` opens: its example, or its pattern when it has no parameters. */
export function examplePath(page: RoutePage, html: (path: string) => Promise<string>): Promise<string> {
  const example = PUBLIC_EXAMPLES[page.pattern];
  if (example) return example(html);
  if (/[:*]/.test(page.pattern)) throw new Error(`no example URL for ${page.pattern}`);
  return Promise.resolve(page.pattern);
}
