import { use, type ComponentType } from 'react';

/** A component whose code loads apart from its page (lazyPart), and the way to load it ahead. */
type LazyPart<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A component whose code loads apart from its page's, when first rendered (under a `<Suspense>`), as
 * React.lazy's would; unlike React.lazy's, a part loaded ahead renders at once. A route module awaits
 * `preload()` at its top level, before the first hydration, for the parts its URL shows (a back-office
 * section, say): the page then hydrates whole, instead of leaving those parts as HTML without their handlers
 * until their code arrives after the page says it is hydrated (docs/decisions/031-light-pages.md).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // Tried again at the next render (a deploy or the network may have failed it).
        loading = null;
        throw error;
      },
    ));
  function Part(props: P) {
    if (!loaded) use(preload());
    const Loaded = loaded!;
    return <Loaded {...props} />;
  }
  return Object.assign(Part, { preload });
}

/** True in the browser until the page has hydrated (app/root.tsx marks it): a route module's first load. */
export function beforeHydration(): boolean {
  return !import.meta.env.SSR && document.documentElement.dataset.hydrated !== 'true';
}
