// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refused } from '#contract/errors';
import { getFormula, type TFormula } from '#contract/formulas';
import type { TViewer } from '#contract/load-context';
import type { Locale } from '#contract/locale';
import { serverTranslator } from '~/platform/i18n.server';
import { TranslationProvider } from '~/platform/translation';
import { toasts } from '~/ui/toast-store';
import FormulaRoute, { loader } from './formula';

const formula: TFormula = {
  id: '5b0c9d3e-8f1a-4c2b-9d7e-3a6f1b2c4d5e',
  spaceId: 'space-1',
  kind: 'pack',
  nameFr: 'Carnet 10 heures',
  nameEn: '10-hour pack',
  descriptionFr: '',
  descriptionEn: '',
  priceExclVatCents: 10_000,
  vatCents: 2_000,
  priceInclVatCents: 12_000,
  vatRateBasisPoints: 2_000,
  currency: 'EUR',
  roomKinds: ['desk'],
  creditUnit: 'minutes',
  creditAmount: 600,
  validityDays: 90,
  period: null,
  rollover: 'none',
  perMemberLimit: 1,
  status: 'active',
};
const viewer: TViewer = {
  id: 'member-1',
  name: 'Ada',
  email: 'ada@example.test',
  emailVerified: true,
  isAdmin: false,
  image: null,
};
const found = {
  formula,
  space: { id: 'space-1', slug: 'la-ruche', name: 'La Ruche', city: 'Lyon', timeZone: 'Europe/Paris' },
  settings: {
    spaceId: 'space-1',
    activation: 'purchase' as const,
    graceDays: 0,
    pauseAllowed: false,
    pauseMaxDays: 0,
    pauseNoticeDays: 0,
  },
};

/** The page as the route renders it, its loader reading the formula through the load context's call. */
function renderFormulaPage(locale: Locale) {
  const call = vi.fn((def: { name: string }) => {
    expect(def.name).toBe(getFormula.name);
    return Promise.resolve(found);
  });
  const Stub = createRoutesStub(
    [
      {
        path: '/formulas/:id',
        // The route's own loader and component; the stub only stands in for the server's load context.
        loader: loader as never,
        Component: FormulaRoute as never,
        HydrateFallback: () => null,
      },
    ],
    { viewer, call } as never,
  );
  render(
    <TranslationProvider translator={serverTranslator(locale)}>
      <Stub initialEntries={[`/formulas/${formula.id}`]} />
    </TranslationProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('buying a formula', () => {
  it.each([
    ['fr', 'Acheter', 'Vous détenez déjà autant de cette formule que l’espace le permet.'],
    ['en', 'Buy', 'You already hold as many of this formula as the space allows.'],
  ] as const)(
    'tells a member who already holds as many as allowed why (%s)',
    async (locale, buyLabel, message) => {
      // The server's answer to the purchase, as its callable router writes a refusal.
      const limit = refused('limit-reached', 'You already hold as many as allowed');
      const fetch = vi
        .spyOn(globalThis, 'fetch')
        .mockResolvedValue(Response.json(limit.toBody(), { status: limit.httpStatus }));
      renderFormulaPage(locale);
      const buy = await screen.findByRole('button', { name: new RegExp(buyLabel) });
      const before = toasts.getSnapshot().length;
      await act(async () => fireEvent.click(buy));
      await waitFor(() =>
        expect(
          toasts
            .getSnapshot()
            .slice(before)
            .map((toast) => toast.title),
        ).toEqual([message]),
      );
      expect(fetch.mock.calls[0]?.[0]).toBe('/api/fn/formulas.buy');
      expect(screen.getByRole('button', { name: new RegExp(buyLabel) })).toHaveProperty('disabled', false);
    },
  );
});
