import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '~/platform/translation';
import { cn } from './cn';
import { toasts, TOAST_DURATION_MS, type ToastColor } from './toast-store';

/** Swipe right to dismiss, past 50 px (seed section 9); F8 focuses the region. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

const icons: Record<ToastColor, typeof Info> = {
  info: Info,
  success: CircleCheck,
  error: CircleAlert,
  warning: TriangleAlert,
};
const accents: Record<ToastColor, string> = {
  info: 'border-l-primary',
  success: 'border-l-success',
  error: 'border-l-danger',
  warning: 'border-l-secondary',
};

/** The toasts themselves, on Radix's Toast: loaded with the first toast (./toaster.tsx). */
export function ToastRegion() {
  const { t, i18n } = useTranslation();
  const all = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot, toasts.getSnapshot);
  // A toast's text is in the language it was raised in: when the page changes language, the open ones close
  // (but those whose texts translate as they render, such as a save that itself changed the language).
  const language = useRef(i18n.language);
  useEffect(() => {
    if (language.current === i18n.language) return;
    language.current = i18n.language;
    for (const item of toasts.getSnapshot()) {
      if (item.open && !item.translatesItself) toasts.dismiss(item.id);
    }
  }, [i18n.language]);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('ui.notifications')}
    >
      {toasts.visible(all).map((item) => {
        const Icon = icons[item.color];
        return (
          <Toast.Root
            key={item.id}
            open={item.open}
            duration={item.duration}
            onOpenChange={(open) => (open ? undefined : toasts.dismiss(item.id))}
            type={item.color === 'error' ? 'foreground' : 'background'}
            className={cn(
              'toast border-line pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-l-4',
              'bg-surface p-4 shadow-lg',
              accents[item.color],
            )}
          >
            {item.icon ?? <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />}
            <div className="min-w-0 flex-1">
              <Toast.Title className="font-semibold">{item.title}</Toast.Title>
              {item.description ? (
                <Toast.Description className="text-ink-soft text-sm">{item.description}</Toast.Description>
              ) : null}
              {item.actions.length ? (
                <div className="mt-2 flex gap-2">
                  {item.actions.map((action) => (
                    <Toast.Action
                      key={action.label}
                      altText={action.label}
                      onClick={action.onClick}
                      className="text-primary-ink text-sm font-medium underline"
                    >
                      {action.label}
                    </Toast.Action>
                  ))}
                </div>
              ) : null}
            </div>
            <Toast.Close aria-label={t('ui.close')} className="text-ink-soft hover:bg-muted rounded p-1">
              <X aria-hidden className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        hotkey={TOAST_HOTKEY}
        className="fixed right-0 bottom-0 z-50 flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
