import type { TFormula, TMemberPlan, TSalesSettings } from '#contract/formulas';
import { FormulasManager, SalesSettingsForm } from '~/features/formulas/office/formulas-manager';
import { MemberPlans } from '~/features/formulas/office/member-plans';

/** The back office's `formulas` section (loaded with it, ./space-back-office.tsx). */
export default function SalesSection({
  spaceId,
  sales,
}: {
  spaceId: string;
  sales: { formulas: TFormula[]; settings: TSalesSettings; plans: TMemberPlan[] };
}) {
  return (
    <>
      <FormulasManager spaceId={spaceId} formulas={sales.formulas} />
      <MemberPlans plans={sales.plans} />
      <SalesSettingsForm key={JSON.stringify(sales.settings)} settings={sales.settings} />
    </>
  );
}
