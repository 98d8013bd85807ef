import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getDirectorySettings } from '#contract/community';
import { getProfile } from '#contract/profile';
import type { Route } from './+types/profile';
import { DirectorySettingsSection } from '~/features/community/directory-settings';
import { ProfilePage } from '~/features/profile/profile-page';
import { requireViewer } from '~/platform/guard';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['profile', 'community'] };
await loadRouteNamespaces(handle);

/** Login required: a signed-out visitor goes to the sign-in page and comes back here after. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const [profile, directory] = await Promise.all([
    context.call(getProfile, {}),
    context.call(getDirectorySettings, {}),
  ]);
  return {
    profile,
    directory,
    emailConfirmed: new URL(request.url).searchParams.get('email') === 'confirmed',
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'profile:metaTitle', 'profile:metaDescription');
}

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ProfilePage profile={loaderData.profile} emailConfirmed={loaderData.emailConfirmed}>
      <DirectorySettingsSection initial={loaderData.directory} />
    </ProfilePage>
  );
}
