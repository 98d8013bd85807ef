import type { Route } from './+types/robots';

/** Pages only a signed-in person sees, and the API: nothing for a search engine there. */
const PRIVATE_PATHS = [
  '/api/',
  '/auth/',
  '/start',
  '/myspaces',
  '/profile',
  '/reservations',
  '/plans',
  '/documents',
  '/community',
  '/activity',
  '/statistics',
  '/ad/',
];

/** `/robots.txt`: everything public may be crawled; the sitemap lists the catalogue. */
export function loader({ context }: Route.LoaderArgs) {
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${context.config.baseUrl}/sitemap.xml`,
    '',
  ];
  return new Response(lines.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
