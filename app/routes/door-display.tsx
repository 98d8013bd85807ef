import { data, type HeadersFunction } from 'react-router';
import { getDisplayState } from '#contract/door-displays';
import type { I18nHandle } from '~/platform/i18n';
import { serverTranslator } from '~/platform/i18n.server';
import { DisplayScreen } from '~/features/door-displays/display-screen';
import type { Route } from './+types/door-display';

/**
 * A room's door display, `/display/{secret}` (docs/decisions/035-door-displays.md): outside the site's
 * layouts (no header, footer or cookie banner: it sets no cookie and loads no analytics), in the space's
 * language whatever the tablet's, its words sent with the page. An unknown secret is the 404 page; a revoked
 * one says so.
 */
export const handle: I18nHandle & { kiosk: true } = { i18n: [], kiosk: true };

export async function loader({ context, params }: Route.LoaderArgs) {
  const view = await context.call(getDisplayState, { token: params.token });
  const catalog = serverTranslator(view.locale).catalog('displays') ?? {};
  const serverNow = view.display === 'active' ? view.now : new Date().toISOString();
  return data({ token: params.token, view, catalog, serverNow }, { headers: PRIVATE_HEADERS });
}

const PRIVATE_HEADERS = {
  // The address is the display's secret: never sent on as a referrer, never kept by a shared cache.
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
};

export const headers: HeadersFunction = () => PRIVATE_HEADERS;

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: loaded ? `${loaded.view.roomName} · Escale` : 'Escale' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function DoorDisplayRoute({ loaderData }: Route.ComponentProps) {
  return (
    <DisplayScreen
      key={loaderData.token}
      token={loaderData.token}
      initial={loaderData.view}
      serverNow={loaderData.serverNow}
      catalog={loaderData.catalog}
    />
  );
}
