import type { ServerBuild } from 'react-router';
import * as serverEntry from '../../app/entry.server';

/** One route of a hand-written build: its place in the tree and its module (what a route file exports). */
export interface HandWrittenRoute {
  id: string;
  parentId?: string;
  path: string;
  module: object;
}

/** The browser manifest's entry for a route: what its module exports, as the build would record it. */
function manifestEntry({ id, parentId, path, module }: HandWrittenRoute) {
  return {
    id,
    parentId,
    path,
    module: `/assets/${id}.js`,
    hasAction: 'action' in module,
    hasLoader: 'loader' in module,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: 'ErrorBoundary' in module,
    imports: [],
    css: [],
  };
}

/**
 * A React Router server build written by hand, for page tests without a Vite build: our real
 * `entry.server` and the given route modules, the first one being the root.
 */
export function handWrittenBuild(routes: HandWrittenRoute[]): ServerBuild {
  return {
    entry: { module: serverEntry },
    routes: Object.fromEntries(
      routes.map(({ id, parentId, path, module }) => [id, { id, parentId, path, module }]),
    ),
    assets: {
      entry: { module: '/assets/entry.client.js', imports: [] },
      routes: Object.fromEntries(routes.map((route) => [route.id, manifestEntry(route)])),
      url: '/assets/manifest.js',
      version: 'test-build-1',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}
