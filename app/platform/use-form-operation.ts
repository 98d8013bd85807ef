import { useRevalidator } from 'react-router';
import type { Callable, CallableDef, InputOf, OutputOf } from '#contract/callable';
import { call } from '~/platform/callable-client';
import { useForm, type FormOptions } from '~/platform/use-form';

export interface FormOperationOptions extends FormOptions {
  /** Toast shown after a success (none when absent); `run` may give its own. */
  success?: string;
  /** Reload the page's data after a success (default). */
  revalidate?: boolean;
}

/**
 * One operation of the contract run from a form (app/platform/use-form.ts), then the page's data reloaded.
 * The back office, the admin area and the events' office use it.
 */
export function useFormOperation<D extends CallableDef>(def: Callable<D>, options: FormOperationOptions) {
  const form = useForm(options);
  const { revalidate } = useRevalidator();

  async function run(input: InputOf<D>, success = options.success): Promise<OutputOf<D> | null> {
    return form.run(async () => {
      const result = await call(def, input);
      if (options.revalidate !== false) await revalidate();
      return result;
    }, success);
  }

  return { ...form, run };
}
