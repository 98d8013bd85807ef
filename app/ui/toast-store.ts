import type { ReactNode } from 'react';

/** Seed section 9: at most 5 toasts visible, 5000 ms each by default, removed 200 ms after closing. */
export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 200;

export type ToastColor = 'info' | 'success' | 'error' | 'warning';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastItem {
  id: string;
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  color: ToastColor;
  actions: ToastAction[];
  duration: number;
  /** Its texts are components that translate as they render: it stays open when the page changes language. */
  translatesItself?: boolean;
}

export type ToastInput = Partial<Omit<ToastItem, 'id' | 'open'>> & { title: ReactNode };

type Listener = () => void;

/** A tiny store outside React so any code (a failed call, say) can raise a toast. */
export function createToastStore() {
  let items: ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  function remove(id: string) {
    items = items.filter((item) => item.id !== id);
    emit();
  }

  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
    /** Whether any toast was raised since the page loaded: the region's code loads with the first. */
    anyShown: () => counter > 0,
    /** The toasts on screen: the oldest open ones first, never more than the limit. */
    visible: (all: ToastItem[]) => all.slice(0, TOAST_LIMIT),
    show(input: ToastInput): string {
      const id = `toast-${++counter}`;
      items = [
        ...items,
        { id, open: true, color: 'info', actions: [], duration: TOAST_DURATION_MS, ...input },
      ];
      emit();
      return id;
    },
    dismiss(id: string) {
      items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
      emit();
      setTimeout(() => remove(id), TOAST_REMOVE_DELAY_MS);
    },
  };
}

export const toasts = createToastStore();
export const toast = (input: ToastInput) => toasts.show(input);
