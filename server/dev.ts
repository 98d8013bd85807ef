/** `npm run dev`: Vite in middleware mode with hot reload of the app; tsx restarts this file on server changes. */
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { closeOnSignals, startServer } from './main';
import { readConfig } from './platform/config';
import { configureLog } from './platform/log';

const config = readConfig();
configureLog(config.log);
let vite: ViteDevServer | undefined;
const running = await startServer({
  config,
  mode: 'development',
  getServerBuild: () => vite!.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  // Hot reload shares our HTTP server, so it works on whatever port the app listens on.
  before: async (server) => {
    vite = await createViteServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'custom' });
    return (req, res, next) => vite!.middlewares(req, res, next);
  },
});
closeOnSignals({ close: async () => (await vite?.close(), running.close()) });
