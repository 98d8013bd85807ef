import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
// React Router reads this file before Vite's aliases apply: a relative import.
import { LOGIN_PATH, RESET_PATH, SIGNUP_PATH, VALIDATED_PATH } from '../contract/auth.plain.ts';

/** A route table entry for a path the app names elsewhere: the same path without its leading slash. */
const routePath = (path: string) => path.slice(1);

/**
 * The seed's screens (PRODUCT.md). A screen whose feature is not built is not listed: it gives the 404 page.
 */
export default [
  route('locale', 'routes/locale.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('blog/feed.xml', 'routes/blog-feed.ts'),
  // A room's door display: full screen, outside the site's layouts (decision 035).
  route('display/:token', 'routes/door-display.tsx'),
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
    // A space's back office: its sections and its pages in one frame (app/features/back-office/office-navigation.tsx).
    route('myspaces/:spaceId', 'routes/myspaces-office.tsx', [
      index('routes/myspaces-space.tsx'),
      route('invoicing', 'routes/myspaces-invoicing.tsx'),
      route('documents', 'routes/myspaces-documents.tsx'),
      route('direct-debit', 'routes/myspaces-direct-debit.tsx'),
      route('bank-statements', 'routes/myspaces-bank-statements.tsx'),
      route('displays', 'routes/myspaces-displays.tsx'),
    ]),
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
    route('activity', 'routes/activity.tsx'),
    route('statistics', 'routes/statistics.tsx'),
    route('formulas/:id', 'routes/formula.tsx'),
    route('plans', 'routes/plans.tsx'),
    route('community', 'routes/community.tsx'),
    route('ad/:id', 'routes/ad.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/article/:id', 'routes/blog-article.tsx'),
    route('admin/blog', 'routes/admin-blog.tsx'),
    route('admin/blog/new', 'routes/admin-blog-article.tsx', { id: 'routes/admin-blog-new' }),
    route('admin/blog/:id', 'routes/admin-blog-article.tsx', { id: 'routes/admin-blog-article' }),
    // The FAQ's and the partners' editors (/admin/faq, /admin/partners); /admin/blog above is its own route.
    route('admin/:section', 'routes/admin-site-entries.tsx'),
    route('documents', 'routes/documents.tsx'),
    route('events/:id', 'routes/event.tsx'),
    route('myspaces/:spaceId/events/:eventId', 'routes/myspaces-event.tsx'),
  ]),
  layout('layouts/auth.tsx', [
    route(routePath(LOGIN_PATH), 'routes/auth-login.tsx'),
    route(routePath(SIGNUP_PATH), 'routes/auth-signup.tsx'),
    route(routePath(RESET_PATH), 'routes/auth-reset.tsx'),
    route(routePath(VALIDATED_PATH), 'routes/auth-validated.tsx'),
  ]),
] satisfies RouteConfig;
