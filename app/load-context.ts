import type { TLoadContext } from '#contract/load-context';

declare module 'react-router' {
  // React Router's extension point for the context our server passes to loaders and actions.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends TLoadContext {}
}
