import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { PluginContext } from 'rolldown';

// Every page loads the root route's own modules: they are one chunk ("document") rather than dozens of
// small ones. Libraries and what a route adds are split as usual.
const ROOT_ROUTE = fileURLToPath(new URL('./app/root.tsx', import.meta.url));
const NODE_MODULES = /[\\/]node_modules[\\/]/;
let graph: Pick<PluginContext, 'getModuleInfo'> | undefined;
let documentModules: Set<string> | undefined;

/** The modules the root route imports statically, directly or not. */
function rootGraph(): Set<string> {
  if (documentModules) return documentModules;
  const seen = new Set<string>();
  const pending = [ROOT_ROUTE];
  while (pending.length) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph?.getModuleInfo(id)?.importedIds ?? []));
  }
  documentModules = seen;
  return seen;
}

function documentChunkOf(id: string): string | null {
  // Libraries stay out: a barrel (lucide-react, radix-ui) imports every part, used here or not.
  return rootGraph().has(id) && !NODE_MODULES.test(id) ? 'document' : null;
}

/** Lends the chunking the module graph of the client build (rootGraph). */
const moduleGraph: Plugin = {
  name: 'escale:module-graph',
  applyToEnvironment: (environment) => environment.name === 'client',
  renderStart() {
    graph = { getModuleInfo: (id) => this.getModuleInfo(id) };
    documentModules = undefined;
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
            // Modules shared by the same routes go together, and a group smaller than this joins its
            // nearest neighbour: a page loads a few chunks rather than dozens under 1 KiB each.
            codeSplitting: { groups: [{ name: documentChunkOf }] },
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
