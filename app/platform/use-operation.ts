import { useTranslation } from '~/platform/translation';
import type { Callable, CallableDef } from '#contract/callable';
import { useFormOperation } from '~/platform/use-form-operation';
import { decimalInputOf } from '#contract/money';

/**
 * Runs a back-office operation from a form (app/platform/use-form-operation.ts): field messages from
 * `backoffice:validation`; `success: ''` toasts the usual "saved", another text that text.
 */
export function useOperation<D extends CallableDef>(
  def: Callable<D>,
  options: { success?: string; revalidate?: boolean } = {},
) {
  const { t } = useTranslation('backoffice');
  return useFormOperation(def, {
    namespace: 'backoffice',
    success: options.success === '' ? t('saved') : options.success,
    revalidate: options.revalidate,
  });
}

// Euros in the back office's forms: parsed and shown by contract/money.ts, the one place for money.
export { centsOfEuros } from '#contract/money';

export function eurosOfCents(cents: number | null): string {
  return cents === null ? '' : decimalInputOf(cents);
}
