import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasts } from './toast-store';

const ToastRegion = lazy(() => import('./toast-region').then((module) => ({ default: module.ToastRegion })));

/**
 * Where toasts appear. Most visits never show one, so Radix's Toast and the region's code load with the
 * first toast rather than with every page (issue 18: first-load JavaScript), and then stay for the next.
 */
export function Toaster() {
  // Kept once shown, so a closing toast finishes its exit and F8 still reaches the region.
  const needed = useSyncExternalStore(toasts.subscribe, toasts.anyShown, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
