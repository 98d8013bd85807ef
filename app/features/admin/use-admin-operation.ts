import type { CallableDef } from '#contract/callable';
import { useFormOperation } from '~/platform/use-form-operation';

/**
 * Runs an admin operation from a form (app/platform/use-form-operation.ts): field messages from
 * `admin:validation`; `run(input, success)` toasts its success message.
 */
export function useAdminOperation<D extends CallableDef>(def: D) {
  return useFormOperation(def, { namespace: 'admin' });
}
