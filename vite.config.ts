import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { readFileSync, realpathSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import type { CodeSplittingGroup, PluginContext } from 'rolldown';
import { parseSync } from 'rolldown/experimental';
import { DOCUMENT, planChunks, type PlannedChunk } from './scripts/chunk-plan.ts';
import { pagesOf, type RouteEntry } from './scripts/route-pages.ts';
import routes from './app/routes.ts';

// How the browser's modules become files: Rolldown's default, plus the groups scripts/chunk-plan.ts plans
// from the module graph (`document`, `shared-…`), so a landing page loads a few files rather than dozens.
// Only our modules are planned: a library goes with the first of our modules that imports it (Rolldown's
// `includeDependenciesRecursively`), but lucide-react's entry re-exports every icon, so which icon a module
// draws is read from its import instead.
const app = (path: string) => fileURLToPath(new URL(`./app/${path}`, import.meta.url));
const ROOT_ROUTE = app('root.tsx');
const ENTRY_CLIENT = app('entry.client.tsx');
/**
 * The pages a first visit may land on: every public page of the route table (scripts/route-pages.ts, which the
 * first-load test reads too), each as its layouts and its route. Issue 31: every public page as light as the
 * six the plan was first made for (/, /search, /spaces/all, a space, a room, /auth/Login).
 */
const PAGES = pagesOf(routes as RouteEntry[]);
/** Pages by their route module (`room`, `auth-login`): two paths of one module are one page here. */
const byModule = (pages: typeof PAGES): Record<string, string[]> =>
  Object.fromEntries(
    pages.map((page) => [
      page.files.at(-1)!.replace(/^.*\/|\.tsx$/g, ''),
      page.files.map((file) => fileURLToPath(new URL(`./${file}`, import.meta.url))),
    ]),
  );
const LANDING_PAGES = byModule(PAGES.filter((page) => page.public));
/**
 * The pages behind a sign-in, planned with the public ones (issue 31: at most 15 files each): they share the
 * public pages' groups, and may load more beyond their need (SIGNED_IN_MAX_EXTRA_BYTES) so that the groups
 * they load are few.
 */
const SIGNED_IN_PAGES = byModule(PAGES.filter((page) => !page.public));
const PAGE_COUNT = Object.keys(LANDING_PAGES).length + Object.keys(SIGNED_IN_PAGES).length;
/**
 * Bytes of code (before minifying, comments left out) a landing page may load beyond the heaviest landing page's
 * need (the room's), so that it loads fewer files (planChunks' `upToHeaviest`). Tried on 28 November 2026
 * (decision 031): 2,600 to 4,200; 3,800 is the one that keeps every public page within 1.3× and the six signed-in
 * pages of issue 31 in at most 15 files.
 */
const MAX_EXTRA_BYTES = 3_800;
/** The same for a page behind a sign-in (1.5× the bare app, where a public page has 1.3×). */
const SIGNED_IN_MAX_EXTRA_BYTES = 80_000;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
// React DOM's shared part: used by entry.client and by React Router (in the document), a file of its own
// otherwise.
const REACT_DOM = /[\\/]node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$/;
// Module ids are real paths: a worktree whose node_modules is a link to another checkout's must find the
// icons where Rolldown does.
const LUCIDE = `${realpathSync(fileURLToPath(new URL('./node_modules/lucide-react/dist/esm/', import.meta.url)))}/`;
const LUCIDE_ICONS = new Map<string, string>();
for (const [, names, file] of readFileSync(`${LUCIDE}lucide-react.mjs`, 'utf8').matchAll(
  /export \{([^}]*)\} from '\.\/(icons\/[^']+)'/g,
))
  for (const name of names!.matchAll(/as (\w+)/g)) LUCIDE_ICONS.set(name[1]!, `${LUCIDE}${file}`);

/** The icon modules a module of ours imports by name from lucide-react. */
function iconsOf(code: string | null | undefined): string[] {
  const icons: string[] = [];
  for (const [, names] of (code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g))
    for (const name of names!.split(',')) {
      const icon = LUCIDE_ICONS.get(name.trim().split(/\s+as\s+/)[0]!);
      if (icon) icons.push(icon);
    }
  return icons;
}

/**
 * A module's weight in the plan: its code without its comments, so that writing a comment never moves a chunk
 * (one of about 100 bytes once put two signed-in pages over their 15 files: decision 031).
 */
function weightOf(code: string | null | undefined): number {
  if (!code) return 0;
  const { comments } = parseSync('module.js', code);
  return comments.reduce((weight, comment) => weight - (comment.end - comment.start), code.length);
}

let context: Pick<PluginContext, 'getModuleInfo' | 'getModuleIds'> | undefined;
let plan: Map<string, PlannedChunk> | undefined;

function chunkPlan(): Map<string, PlannedChunk> {
  if (plan || !context) return plan ?? new Map();
  const { getModuleInfo } = context;
  const isIcon = (id: string) => id.startsWith(`${LUCIDE}icons`);
  const weights = new Map<string, number>();
  const graph = {
    importsOf: (id: string) => {
      if (isIcon(id)) return [];
      const info = getModuleInfo(id);
      return [...(info?.importedIds ?? []), ...iconsOf(info?.code)];
    },
    sizeOf: (id: string) => {
      let weight = weights.get(id);
      if (weight === undefined) weights.set(id, (weight = weightOf(getModuleInfo(id)?.code)));
      return weight;
    },
  };
  const entries = [...context.getModuleIds()].filter((id) => {
    const info = getModuleInfo(id);
    return !NODE_MODULES.test(id) && Boolean(info?.isEntry || info?.dynamicImporters.length);
  });
  const publicFiles = new Set([ROOT_ROUTE, ENTRY_CLIENT, ...Object.values(LANDING_PAGES).flat()]);
  const library = (id: string) => NODE_MODULES.test(id) && !isIcon(id);
  const pageFiles = new Set([...publicFiles, ...Object.values(SIGNED_IN_PAGES).flat()]);
  // A group takes the libraries its modules import: weighed here with them (contract/zod.ts is a line, zod
  // 22 KiB compressed), a merge never hands a page a library it does not use. The shell's are loaded already.
  const shellLibraries = reachAll([ROOT_ROUTE, ENTRY_CLIENT], (id) => getModuleInfo(id)?.importedIds ?? []);
  const withLibraries = new Map<string, number>();
  const sizeWithLibraries = (id: string) => {
    let size = withLibraries.get(id);
    if (size === undefined) {
      const own = (getModuleInfo(id)?.importedIds ?? []).filter(
        (dep) => library(dep) && !shellLibraries.has(dep),
      );
      const libraries = reachAll(own, (dep) =>
        (getModuleInfo(dep)?.importedIds ?? []).filter((next) => library(next) && !shellLibraries.has(next)),
      );
      size = graph.sizeOf(id);
      for (const dep of libraries) size += graph.sizeOf(dep);
      withLibraries.set(id, size);
    }
    return size;
  };
  plan = planChunks({
    graph: { importsOf: graph.importsOf, sizeOf: sizeWithLibraries },
    // entry.client itself stays out: React DOM's client (56 KiB) keeps its own file, cached across releases.
    shell: [ROOT_ROUTE, ...(getModuleInfo(ENTRY_CLIENT)?.importedIds ?? [])],
    landingPages: LANDING_PAGES,
    otherPages: SIGNED_IN_PAGES,
    otherEntries: entries.filter((id) => !pageFiles.has(id.replace(/\?.*$/, ''))),
    maxExtraBytes: MAX_EXTRA_BYTES,
    otherPagesMaxExtraBytes: SIGNED_IN_MAX_EXTRA_BYTES,
    upToHeaviest: true,
    skip: library,
  });
  return plan;
}

/** Every module `starts` lead to, by `next`. */
function reachAll(starts: string[], next: (id: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  while (pending.length) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...next(id));
  }
  return seen;
}

/**
 * The groups for Rolldown: `document` first, then the shared groups, those of more pages first. A
 * group takes the libraries its modules import: a module's own group must take it before a group of fewer
 * pages that imports it does, or every page that loads the module would load that group too.
 */
function chunkGroups(): CodeSplittingGroup[] {
  const document: CodeSplittingGroup = {
    debugName: DOCUMENT,
    priority: PAGE_COUNT + 1,
    name: (id) => (REACT_DOM.test(id) || chunkPlan().get(id)?.name === DOCUMENT ? DOCUMENT : null),
  };
  const shared = Array.from({ length: PAGE_COUNT }, (_, index): CodeSplittingGroup => {
    const pages = PAGE_COUNT - index;
    return {
      debugName: `shared by ${pages} pages`,
      priority: pages,
      name: (id) => {
        const chunk = chunkPlan().get(id);
        return chunk && chunk.name !== DOCUMENT && chunk.pages === pages ? chunk.name : null;
      },
    };
  });
  return [document, ...shared];
}

/** Lends the chunking the module graph of the client build (chunkPlan). */
const moduleGraph: Plugin = {
  name: 'escale:module-graph',
  applyToEnvironment: (environment) => environment.name === 'client',
  renderStart() {
    context = { getModuleInfo: (id) => this.getModuleInfo(id), getModuleIds: () => this.getModuleIds() };
    plan = undefined;
  },
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), moduleGraph],
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '#contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  build: { target: 'es2022', sourcemap: Boolean(process.env.BUILD_SOURCEMAP) },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A page loads a few chunks rather than dozens under 1 KiB each (chunkGroups, above).
            codeSplitting: { groups: chunkGroups() },
          },
        },
      },
    },
  },
  ssr: {
    // Bundled into the pages' server build so only what the app uses is loaded: imported whole from
    // node_modules, these add 38 MB to every server process (docs/decisions/016-memory.md). What they
    // import in turn stays external, found in node_modules as npm installs them (hoisted).
    noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//, 'date-fns'],
  },
});
