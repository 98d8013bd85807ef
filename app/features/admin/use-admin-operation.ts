import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { CallableDef, InputOf, OutputOf } from '#contract/callable';
import { call } from '~/platform/callable-client';
import { fieldErrorsOf, messageOfError, type FieldErrors } from '~/platform/form-errors';
import { toast } from '~/ui/toast-store';

/**
 * Runs an admin operation from a form: pending state, field errors (message keys of `admin:validation`,
 * shown next to their fields), a toast for other failures and for success, then the page's data reloaded.
 */
export function useAdminOperation<D extends CallableDef>(def: D) {
  const { t } = useTranslation('admin');
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function run(input: InputOf<D>, success?: string): Promise<OutputOf<D> | null> {
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
      if (!Object.keys(fields).length) toast({ title: messageOfError(t, error), color: 'error' });
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

  return { run, pending, errorOf };
}
