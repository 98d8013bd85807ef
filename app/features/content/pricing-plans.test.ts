import { describe, expect, it } from 'vitest';
import { inclVatOfPlan, PLANS, yearlyCentsExclVat } from './pricing-plans';

describe('pricing plans', () => {
  it('adds 20 % VAT to an excluding-VAT price, in whole cents', () => {
    expect(inclVatOfPlan(2900)).toBe(3480);
    expect(inclVatOfPlan(7900)).toBe(9480);
    expect(inclVatOfPlan(19900)).toBe(23880);
    expect(inclVatOfPlan(3333)).toBe(4000);
  });

  it('bills a year as ten months', () => {
    const pro = PLANS.find((plan) => plan.id === 'pro')!;
    expect(yearlyCentsExclVat(pro)).toBe(79000);
  });

  it('orders plans by price, each offering everything the cheaper one does', () => {
    for (let index = 1; index < PLANS.length; index += 1) {
      const [cheaper, dearer] = [PLANS[index - 1]!, PLANS[index]!];
      expect(dearer.monthlyCentsExclVat).toBeGreaterThan(cheaper.monthlyCentsExclVat);
      for (const feature of cheaper.features) expect(dearer.features).toContain(feature);
    }
    expect(PLANS.filter((plan) => plan.recommended)).toHaveLength(1);
  });
});
