import type { TManagedSpace } from '#contract/back-office';
import { ClosuresForm } from '~/features/back-office/closures-form';
import { HoursForm } from '~/features/back-office/hours-form';

/**
 * The back office's `hours` section (loaded with it, ./space-back-office.tsx). Each form starts from the saved
 * values, keyed by them: after a save it shows what was stored, and a save elsewhere leaves its edits alone.
 */
export default function HoursSection({
  spaceId,
  openingHours,
  closures,
  today,
}: {
  spaceId: string;
  openingHours: TManagedSpace['openingHours'];
  closures: TManagedSpace['closures'];
  today: string;
}) {
  return (
    <>
      <HoursForm key={JSON.stringify(openingHours)} spaceId={spaceId} initial={openingHours} />
      <ClosuresForm key={JSON.stringify(closures)} spaceId={spaceId} initial={closures} today={today} />
    </>
  );
}
