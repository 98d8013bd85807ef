// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPublicConfig } from '#contract/load-context';
import { toasts } from '~/ui/toast-store';
import { serverTranslator } from './i18n.server';
import { TranslationProvider } from './translation';
import type { RootData } from './root-data';
import { useSafeNavigate } from './use-safe-navigate';

const config: TPublicConfig = {
  baseUrl: 'http://localhost:3000',
  rootDomain: 'localhost',
  allowedExternalHosts: ['www.instagram.com'],
  gtmContainerId: null,
  buildId: 'test',
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapTileAttribution: '© OpenStreetMap',
};

/** What the probe component saw on its last render: the hook's function and where the router is. */
const probe: { go?: ReturnType<typeof useSafeNavigate>; path: string } = { path: '' };
const go = (target: string) => probe.go!(target);

function Probe() {
  const navigate = useSafeNavigate();
  const location = useLocation();
  useEffect(() => {
    probe.go = navigate;
    probe.path = `${location.pathname}${location.search}`;
  });
  return null;
}

function renderRouter() {
  const rootData: RootData = {
    locale: 'fr',
    spaceId: '',
    subdomain: null,
    subdomainDetails: null,
    baseUrl: config.baseUrl,
    user: null,
    config,
    consent: null,
  };
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => rootData,
        HydrateFallback: () => null,
        children: [{ path: '*', element: <Probe /> }],
      },
    ],
    { initialEntries: ['/start'], hydrationData: { loaderData: { root: rootData } } },
  );
  render(
    <TranslationProvider translator={serverTranslator('fr')}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
}

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    origin: 'http://localhost:3000',
    assign,
    replace: vi.fn(),
  } as unknown as Location);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  renderRouter();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useSafeNavigate', () => {
  it('navigates inside the app with the router', async () => {
    await act(async () => expect(await go('/spaces/all?page=2')).toBe(true));
    expect(probe.path).toBe('/spaces/all?page=2');
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['javascript:alert(1)'],
    [' JaVaScRiPt:alert(1)'],
    ['data:text/html,x'],
    ['https://evil.com/'],
    ['//evil.com'],
  ])('refuses %j: stays, warns and shows a toast', async (target) => {
    const before = toasts.getSnapshot().length;
    await act(async () => expect(await go(target)).toBe(false));
    expect(probe.path).toBe('/start');
    expect(assign).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith('navigation refused', expect.objectContaining({ target }));
    const shown = toasts.getSnapshot().slice(before);
    expect(shown.map((toast) => toast.title)).toEqual(['Lien non autorisé']);
  });

  it('leaves the app with a full page load for an allowed external host', async () => {
    await act(async () => expect(await go('https://www.instagram.com/escale')).toBe(true));
    expect(assign).toHaveBeenCalledWith('https://www.instagram.com/escale');
    expect(probe.path).toBe('/start');
  });

  it("reaches a space's subdomain with a full page load", async () => {
    await act(async () => expect(await go('http://acme.localhost:3000/')).toBe(true));
    expect(assign).toHaveBeenCalledWith('http://acme.localhost:3000/');
  });
});
