// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '#contract/locale';
import { serverTranslator } from '~/platform/i18n.server';
import { TranslationProvider, useTranslation } from '~/platform/translation';
import { ToastRegion } from './toast-region';
import { toasts } from './toast-store';

const region = (locale: Locale) => (
  <TranslationProvider translator={serverTranslator(locale)}>
    <ToastRegion />
  </TranslationProvider>
);

afterEach(() => {
  for (const item of toasts.getSnapshot()) toasts.dismiss(item.id);
  cleanup();
});

describe('the toasts', () => {
  it('close when the page changes language (their text is in the language left behind), not on a re-render', () => {
    const view = render(region('fr'));
    act(() => void toasts.show({ title: 'Paiement enregistré' }));
    view.rerender(region('fr'));
    expect(screen.getByText('Paiement enregistré')).toBeTruthy();
    expect(toasts.getSnapshot().map((item) => item.open)).toEqual([true]);

    view.rerender(region('en'));
    expect(toasts.getSnapshot().map((item) => item.open)).toEqual([false]);

    act(() => void toasts.show({ title: 'Payment recorded' }));
    expect(
      toasts
        .getSnapshot()
        .filter((item) => item.open)
        .map((item) => item.title),
    ).toEqual(['Payment recorded']);
  });

  it('keep a toast whose text translates as it renders open across the change, in the new language', () => {
    function Saved() {
      const { t } = useTranslation();
      return <>{t('ui.close')}</>;
    }
    const view = render(region('fr'));
    let id = '';
    act(() => void (id = toasts.show({ title: <Saved />, translatesItself: true })));
    expect(screen.getByText('Fermer')).toBeTruthy();

    view.rerender(region('en'));
    // The store outlives each test (the last test's toasts leave it 200 ms after closing): this one is read.
    expect(toasts.getSnapshot().find((item) => item.id === id)?.open).toBe(true);
    expect(screen.getByText('Close')).toBeTruthy();
  });
});
