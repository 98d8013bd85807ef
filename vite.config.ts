import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '#contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  build: { target: 'es2022' },
  ssr: {
    // Bundled into the pages' server build so only what the app uses is loaded: imported whole from
    // node_modules, these add 38 MB to every server process (docs/decisions/016-memory.md). What they
    // import in turn stays external, found in node_modules as npm installs them (hoisted).
    noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//, 'date-fns'],
  },
});
