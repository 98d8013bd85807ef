import {
  useCallback,
  type ComponentProps,
  type FocusEvent,
  type PointerEvent,
  type Ref,
  type TouchEvent,
} from 'react';
import { Link, NavLink, type To } from 'react-router';
import { useRoutePreload, type PreloadMode } from './use-route-preload';

type Handlers = ReturnType<typeof useRoutePreload>;
type Own = Pick<
  ComponentProps<typeof Link>,
  'onPointerEnter' | 'onPointerLeave' | 'onFocus' | 'onBlur' | 'onTouchStart'
>;

function assignRef<T>(ref: Ref<T> | undefined, node: T) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

/** One ref for the link's own (a menu's `asChild` passes one) and the preloading one. */
function useMergedRef(own: Ref<HTMLAnchorElement> | undefined, preload: Handlers['ref']) {
  return useCallback(
    (node: HTMLAnchorElement | null) => {
      assignRef(own, node);
      assignRef(preload, node);
    },
    [own, preload],
  );
}

/** The link's own handlers run first, then the preloading ones. */
function composed(own: Own, preload: Handlers) {
  return {
    onPointerEnter: (event: PointerEvent<HTMLAnchorElement>) => {
      own.onPointerEnter?.(event);
      preload.onPointerEnter();
    },
    onPointerLeave: (event: PointerEvent<HTMLAnchorElement>) => {
      own.onPointerLeave?.(event);
      preload.onPointerLeave();
    },
    onFocus: (event: FocusEvent<HTMLAnchorElement>) => {
      own.onFocus?.(event);
      preload.onFocus();
    },
    onBlur: (event: FocusEvent<HTMLAnchorElement>) => {
      own.onBlur?.(event);
      preload.onBlur();
    },
    onTouchStart: (event: TouchEvent<HTMLAnchorElement>) => {
      own.onTouchStart?.(event);
      preload.onTouchStart?.();
    },
  };
}

/** A link's own handlers and ref joined with those that preload its target's route modules. */
function usePreloading(link: Own & { to: To; ref?: Ref<HTMLAnchorElement> }, preload: PreloadMode) {
  const handlers = useRoutePreload(link.to, preload);
  const ref = useMergedRef(link.ref, handlers.ref);
  return { ...composed(link, handlers), ref };
}

/**
 * React Router's `<Link>` whose route modules are preloaded through the shared queue (at most 4 at once):
 * on intent by default, or when it enters the viewport. Use it instead of `<Link prefetch>`.
 */
export function PreloadLink({
  preload = 'intent',
  ...props
}: Omit<ComponentProps<typeof Link>, 'prefetch'> & { preload?: PreloadMode }) {
  return <Link {...props} {...usePreloading(props, preload)} />;
}

/** The same for `<NavLink>`. */
export function PreloadNavLink({
  preload = 'intent',
  ...props
}: Omit<ComponentProps<typeof NavLink>, 'prefetch'> & { preload?: PreloadMode }) {
  return <NavLink {...props} {...usePreloading(props, preload)} />;
}
