import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { useRevalidator } from 'react-router';
import type { CallableDef, InputOf, OutputOf } from '#contract/callable';
import { call } from '~/platform/callable-client';
import { fieldErrorsOf, messageOfError, type FieldErrors } from '~/platform/form-errors';
import { toast } from '~/ui/toast-store';

export interface FormOperationOptions {
  /** The catalogue whose `validation.<key>` messages name refused fields, and whose errors are shown. */
  namespace: string;
  /** The catalogue whose `refusals.<reason>` word a refused call (the namespace's by default). */
  refusals?: string;
  /** Toast shown after a success (none when absent); `run` may give its own. */
  success?: string;
  /** Reload the page's data after a success (default). */
  revalidate?: boolean;
}

/**
 * Runs an operation from a form: pending state, field errors by path (message keys of the namespace's
 * `validation`, shown next to their fields), a toast for other failures and, when asked, for success, then
 * the page's data reloaded. The back office and the admin area use it through their own small wrappers.
 */
export function useFormOperation<D extends CallableDef>(def: D, options: FormOperationOptions) {
  const { t } = useTranslation(options.namespace);
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function run(input: InputOf<D>, success = options.success): Promise<OutputOf<D> | null> {
    setPending(true);
    setErrors({});
    try {
      const result = await call(def, input);
      if (success) toast({ title: success, color: 'success' });
      if (options.revalidate !== false) await revalidate();
      return result;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length)
        toast({ title: messageOfError(t, error, options.refusals ?? options.namespace), color: 'error' });
      return null;
    } finally {
      setPending(false);
    }
  }

  /** The translated message of the field at `path` (`fr.title`, `slug`), if it was refused. */
  function errorOf(path: string): string | undefined {
    const key = errors[path];
    return key
      ? t(`validation.${key}`, { defaultValue: t('common:errors.codes.invalid-argument') })
      : undefined;
  }

  return { run, pending, errors, errorOf, setErrors };
}
