import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_REMOVE_DELAY_MS } from './toast-store';

describe('the toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes every open toast at once (a language switch), then removes them after the exit delay', () => {
    const store = createToastStore();
    const heard = vi.fn();
    store.subscribe(heard);
    store.show({ title: 'Paiement enregistré' });
    store.show({ title: 'Lien copié' });
    heard.mockClear();

    store.dismissAll();
    expect(store.getSnapshot().map((item) => item.open)).toEqual([false, false]);
    expect(heard).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps a toast raised after the switch, and says nothing when none is open', () => {
    const store = createToastStore();
    const heard = vi.fn();
    store.subscribe(heard);
    store.dismissAll();
    expect(heard).not.toHaveBeenCalled();

    store.show({ title: 'Payment recorded' });
    store.dismissAll();
    const after = store.show({ title: 'Link copied' });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getSnapshot().map((item) => [item.id, item.open])).toEqual([[after, true]]);
  });
});
