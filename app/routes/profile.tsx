import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getDirectorySettings } from '#contract/community';
import { getBillingDetails } from '#contract/invoices';
import { getProfile } from '#contract/profile';
import type { Route } from './+types/profile';
import { DirectorySettingsSection } from '~/features/community/directory-settings';
import { BillingDetailsForm } from '~/features/invoices/billing-details-form';
import { ProfilePage } from '~/features/profile/profile-page';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['profile', 'community', 'invoices'] };
await loadRouteNamespaces(handle);

/** Login required: a signed-out visitor goes to the sign-in page and comes back here after. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const [profile, directory, billing] = await Promise.all([
    context.call(getProfile, {}),
    context.call(getDirectorySettings, {}),
    context.call(getBillingDetails, {}),
  ]);
  return {
    profile,
    directory,
    billing,
    emailConfirmed: new URL(request.url).searchParams.get('email') === 'confirmed',
  };
}

export const meta = pageMeta('profile:metaTitle', 'profile:metaDescription');

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ProfilePage profile={loaderData.profile} emailConfirmed={loaderData.emailConfirmed}>
      <DirectorySettingsSection initial={loaderData.directory} />
      <BillingDetailsForm details={loaderData.billing} />
    </ProfilePage>
  );
}
