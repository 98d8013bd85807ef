import { useId, useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { TFormula, TSalesSettings } from '#contract/formulas';
import {
  formulaCalls,
  formulaDescription,
  formulaName,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '#contract/formulas.plain';
import type { TViewer } from '#contract/load-context';
import { Button, buttonClass } from '~/ui/button';
import { Notice } from '~/ui/notice';
import { call } from '~/platform/callable-client';
import { loginPath } from '~/platform/auth-paths';
import { useForm } from '~/platform/use-form';
import { useLocale } from '~/platform/use-locale';
import { useSafeNavigate } from '~/platform/use-safe-navigate';
import { FormulaPrice, FormulaTerms } from './formula-terms';

export interface FormulaPageData {
  formula: TFormula;
  space: { id: string; slug: string; name: string; city: string; timeZone: string };
  settings: TSalesSettings;
  viewer: TViewer | null;
  path: string;
}

/** `/formulas/{id}`: what the formula gives, its price, its conditions, and buying it. */
export function FormulaPage({ data }: { data: FormulaPageData }) {
  const { t } = useTranslation(['formulas', 'common']);
  const locale = useLocale();
  const navigate = useSafeNavigate();
  const { formula, space, settings, viewer } = data;
  const [method, setMethod] = useState<PaymentMethod>('on_site');
  const form = useForm({ namespace: 'formulas', fields: false });
  const [key] = useState(() => crypto.randomUUID());
  const legendId = useId();
  const name = formulaName(formula, locale);

  async function buy() {
    const purchase = { formulaId: formula.id, paymentMethod: method, idempotencyKey: key };
    const bought = await form.run(() => call(formulaCalls.buy, purchase), undefined, { leaves: true });
    if (bought) void navigate(`/result?plan=${bought.planId}`);
  }

  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <p className="text-primary text-sm font-medium">{t(`formulas:kinds.${formula.kind}`)}</p>
        <h1 className="text-3xl font-bold">{name}</h1>
        <p className="text-ink-soft">
          <Link className="underline" to={`/spaces/${space.slug}`}>
            {t('formulas:space', { space: space.name, city: space.city })}
          </Link>
        </p>
        <FormulaPrice formula={formula} />
      </header>
      {formulaDescription(formula, locale) && (
        <p className="whitespace-pre-line">{formulaDescription(formula, locale)}</p>
      )}
      <section aria-labelledby="formula-gives" className="space-y-2">
        <h2 id="formula-gives" className="text-xl font-semibold">
          {t('formulas:gives')}
        </h2>
        <FormulaTerms formula={formula} />
        <p className="text-ink-soft text-sm">{t(`formulas:activation.${settings.activation}`)}</p>
      </section>
      {formula.status === 'archived' ? (
        <Notice>{t('formulas:archived')}</Notice>
      ) : !viewer ? (
        <Link className={buttonClass()} to={loginPath(data.path)}>
          {t('formulas:signInToBuy')}
        </Link>
      ) : !viewer.emailVerified ? (
        <Notice>{t('formulas:confirmToBuy')}</Notice>
      ) : (
        <section className="space-y-4 rounded-lg border p-4">
          <fieldset className="space-y-2" aria-labelledby={legendId}>
            <legend id={legendId} className="font-medium">
              {t('formulas:payment.legend')}
            </legend>
            {PAYMENT_METHODS.map((option) => (
              <label key={option} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="payment"
                  value={option}
                  checked={method === option}
                  onChange={() => setMethod(option)}
                />
                {t(`formulas:payment.${option}`)}
              </label>
            ))}
          </fieldset>
          <Button onClick={() => void buy()} disabled={form.pending}>
            {form.pending ? t('formulas:buying') : t('formulas:buy')}
          </Button>
        </section>
      )}
    </main>
  );
}
