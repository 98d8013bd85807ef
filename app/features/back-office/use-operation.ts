import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { CallableDef, InputOf, OutputOf } from '#contract/callable';
import { call } from '~/platform/callable-client';
import { fieldErrorsOf, messageOfError, type FieldErrors } from '~/platform/form-errors';
import { toast } from '~/ui/toast-store';

/**
 * Runs a back-office operation from a form: pending state, field errors (by path, as message keys of
 * `backoffice:validation`), a toast for other failures, a success toast and a reload of the page's data.
 */
export function useOperation<D extends CallableDef>(
  def: D,
  options: { success?: string; revalidate?: boolean } = {},
) {
  const { t } = useTranslation('backoffice');
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function run(input: InputOf<D>): Promise<OutputOf<D> | null> {
    setPending(true);
    setErrors({});
    try {
      const result = await call(def, input);
      if (options.success !== undefined) toast({ title: options.success || t('saved'), color: 'success' });
      if (options.revalidate !== false) await revalidate();
      return result;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) toast({ title: messageOfError(t, error), color: 'error' });
      return null;
    } finally {
      setPending(false);
    }
  }

  /** The translated message of the field at `path`, if it was refused. */
  function errorOf(path: string): string | undefined {
    const key = errors[path];
    return key
      ? t(`validation.${key}`, { defaultValue: t('common:errors.codes.invalid-argument') })
      : undefined;
  }

  return { run, pending, errors, errorOf, setErrors };
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
