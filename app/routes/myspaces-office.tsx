import { Outlet, useLocation, useParams } from 'react-router';
import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { OfficeFrame, officeEntryOf } from '~/features/back-office/office-navigation';

export const handle: I18nHandle = { i18n: ['backoffice'] };
await loadRouteNamespaces(handle);

/**
 * `/myspaces/{spaceId}` and its pages (invoicing, direct debit, documents): one frame, one navigation. It loads nothing:
 * each page's loader checks the caller's role, and a refusal replaces the whole frame with the error page.
 */
export default function SpaceOfficeLayout() {
  const { spaceId = '' } = useParams();
  const { pathname, search } = useLocation();
  return (
    <OfficeFrame spaceId={spaceId} current={officeEntryOf(pathname, search)}>
      <Outlet />
    </OfficeFrame>
  );
}
