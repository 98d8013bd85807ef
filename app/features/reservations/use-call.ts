import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { Callable, CallableDef, OutputOf } from '#contract/callable';
import { AppError } from '#contract/errors';
import { call } from '~/platform/callable-client';

export interface CallState<T> {
  data: T | null;
  error: AppError | null;
  loading: boolean;
  /** Asks again (fresh availability after a conflict, say). */
  reload: () => void;
}

/**
 * Calls a read-only operation from the browser whenever its input changes (`input` null: not yet).
 * An answer that arrives after the input changed again is dropped, so the screen never shows the data
 * of another week than the one asked for.
 */
export function useCall<D extends CallableDef>(
  def: Callable<D>,
  input: z.input<D['input']> | null,
): CallState<OutputOf<D>> {
  const key = input === null ? null : JSON.stringify(input);
  const [state, setState] = useState<{
    key: string | null;
    data: OutputOf<D> | null;
    error: AppError | null;
  }>({
    key: null,
    data: null,
    error: null,
  });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (key === null) return;
    let current = true;
    call(def, JSON.parse(key) as z.input<D['input']>).then(
      (data) => current && setState({ key, data, error: null }),
      (error: unknown) =>
        current &&
        setState({ key, data: null, error: error instanceof AppError ? error : new AppError('unknown') }),
    );
    return () => {
      current = false;
    };
  }, [def, key, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const fresh = state.key === key;
  return {
    data: fresh ? state.data : null,
    error: fresh ? state.error : null,
    loading: key !== null && !fresh,
    reload,
  };
}
