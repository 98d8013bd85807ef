import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { useRevalidator } from 'react-router';
import type { CallableDef, InputOf, OutputOf } from '#contract/callable';
import { call } from '~/platform/callable-client';
import { fieldErrorsOf, type FieldErrors, messageOfError } from '~/platform/form-errors';
import { toast } from '~/ui/toast-store';

/**
 * An events operation from the back office: pending state, field errors by path (message keys of
 * `events:validation`), a toast for other refusals, a success toast and a reload of the page's data.
 */
export function useEventOperation<D extends CallableDef>(def: D, success?: string) {
  const { t } = useTranslation(['events', 'common']);
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function run(input: InputOf<D>): Promise<OutputOf<D> | null> {
    setPending(true);
    setErrors({});
    try {
      const result = await call(def, input);
      if (success) toast({ title: success, color: 'success' });
      await revalidate();
      return result;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) toast({ title: messageOfError(t, error, 'events'), color: 'error' });
      return null;
    } finally {
      setPending(false);
    }
  }

  function errorOf(path: string): string | undefined {
    const key = errors[path];
    return key
      ? t(`events:validation.${key}`, { defaultValue: t('common:errors.codes.invalid-argument') })
      : undefined;
  }

  return { run, pending, errorOf };
}
