import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getProfile } from '#contract/profile';
import type { Route } from './+types/profile';
import { ProfilePage } from '~/features/profile/profile-page';
import { requireViewer } from '~/platform/guard';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['profile'] };
await loadRouteNamespaces(handle);

/** Login required: a signed-out visitor goes to the sign-in page and comes back here after. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const profile = await context.call(getProfile, {});
  return { profile, emailConfirmed: new URL(request.url).searchParams.get('email') === 'confirmed' };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'profile:metaTitle', 'profile:metaDescription');
}

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  return <ProfilePage profile={loaderData.profile} emailConfirmed={loaderData.emailConfirmed} />;
}
