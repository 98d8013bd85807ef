import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { TFormula } from '#contract/formulas';
import { formulaDescription, formulaName, formulaPath } from '#contract/formulas.plain';
import { useLocale } from '~/platform/use-locale';
import { FormulaPrice } from './formula-terms';

/** The formulas a space sells, on its page: name, kind, price and a link to each one's page. */
export function SpaceFormulas({ formulas }: { formulas: TFormula[] }) {
  const { t } = useTranslation('formulas');
  const locale = useLocale();
  if (!formulas.length) return null;
  return (
    <section aria-labelledby="formulas-title">
      <h2 id="formulas-title" className="mb-3 text-xl font-semibold">
        {t('onSpace.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {formulas.map((formula) => (
          <li key={formula.id} className="border-line flex flex-col gap-2 rounded-xl border p-4">
            <p className="text-primary text-sm font-medium">{t(`kinds.${formula.kind}`)}</p>
            <h3 className="text-lg font-semibold">
              <Link to={formulaPath(formula.id)} className="hover:underline">
                {formulaName(formula, locale)}
              </Link>
            </h3>
            <p className="text-ink-soft line-clamp-3 text-sm">{formulaDescription(formula, locale)}</p>
            <div className="mt-auto text-sm">
              <FormulaPrice formula={formula} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
