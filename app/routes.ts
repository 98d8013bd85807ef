import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/**
 * The seed's screens (PRODUCT.md). A screen whose feature is not built is not listed: it gives the 404 page.
 */
export default [
  route('locale', 'routes/locale.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  layout('layouts/default.tsx', [
    // Any path no route matches is the 404 page: its loader throws 404 once the root loader has run, and
    // this layout's error boundary shows it (React Router ranks a splat below every other route).
    route('*', 'routes/not-found.tsx'),
    index('routes/home.tsx'),
    route('search', 'routes/search.tsx'),
    route('spaces/all', 'routes/spaces-all.tsx'),
    route('spaces/:id', 'routes/space.tsx'),
    route('rooms/:roomId', 'routes/room.tsx', { id: 'routes/room' }),
    route('spaces/:spaceid/rooms/:roomid', 'routes/room.tsx', { id: 'routes/space-room' }),
    route('start', 'routes/start.tsx'),
    route('myspaces', 'routes/myspaces.tsx'),
    route('myspaces/:spaceId', 'routes/myspaces-space.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('mentions', 'routes/mentions.tsx'),
    route('faq', 'routes/faq.tsx'),
    route('about', 'routes/about.tsx'),
    route('partners', 'routes/partners.tsx'),
    route('pricing', 'routes/pricing.tsx'),
    route('software', 'routes/software.tsx'),
    route('co2', 'routes/co2.tsx'),
    route('reservations', 'routes/reservations.tsx'),
    route('result', 'routes/result.tsx'),
    route('profile', 'routes/profile.tsx'),
  ]),
  layout('layouts/auth.tsx', [
    route('auth/Login', 'routes/auth-login.tsx'),
    route('auth/Signup', 'routes/auth-signup.tsx'),
    route('auth/Reset', 'routes/auth-reset.tsx'),
    route('auth/validated', 'routes/auth-validated.tsx'),
  ]),
] satisfies RouteConfig;
