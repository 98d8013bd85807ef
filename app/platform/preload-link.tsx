import type { ComponentProps, FocusEvent, PointerEvent, TouchEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { useRoutePreload, type PreloadMode } from './use-route-preload';

type Handlers = ReturnType<typeof useRoutePreload>;
type Own = Pick<
  ComponentProps<typeof Link>,
  'onPointerEnter' | 'onPointerLeave' | 'onFocus' | 'onBlur' | 'onTouchStart'
>;

/** The link's own handlers run first, then the preloading ones. */
function composed(own: Own, preload: Handlers) {
  return {
    ref: preload.ref,
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

/**
 * React Router's `<Link>` whose route modules are preloaded through the shared queue (at most 4 at once):
 * on intent by default, or when it enters the viewport. Use it instead of `<Link prefetch>`.
 */
export function PreloadLink({
  preload = 'intent',
  ...props
}: Omit<ComponentProps<typeof Link>, 'prefetch'> & { preload?: PreloadMode }) {
  const handlers = useRoutePreload(props.to, preload);
  return <Link {...props} {...composed(props, handlers)} />;
}

/** The same for `<NavLink>`. */
export function PreloadNavLink({
  preload = 'intent',
  ...props
}: Omit<ComponentProps<typeof NavLink>, 'prefetch'> & { preload?: PreloadMode }) {
  const handlers = useRoutePreload(props.to, preload);
  return <NavLink {...props} {...composed(props, handlers)} />;
}
