import { useTranslation } from '~/platform/translation';
import type { CallableDef } from '#contract/callable';
import { useFormOperation } from '~/platform/use-form-operation';

/**
 * Runs a back-office operation from a form (app/platform/use-form-operation.ts): field messages from
 * `backoffice:validation`; `success: ''` toasts the usual "saved", another text that text.
 */
export function useOperation<D extends CallableDef>(
  def: D,
  options: { success?: string; revalidate?: boolean } = {},
) {
  const { t } = useTranslation('backoffice');
  return useFormOperation(def, {
    namespace: 'backoffice',
    success: options.success === '' ? t('saved') : options.success,
    revalidate: options.revalidate,
  });
}

/** "12,50" or "12.5" euros → 1250 cents; empty → null; anything else → NaN (refused by the schema). */
export function centsOfEuros(text: string): number | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!cleaned) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}

export function eurosOfCents(cents: number | null): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
