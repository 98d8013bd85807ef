import { useCallback, useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { Callable, CallableDef, OutputOf } from '#contract/callable';
import { AppError } from '#contract/errors';

export interface CallState<T> {
  data: T | null;
  error: AppError | null;
  loading: boolean;
  /** Asks again (fresh availability after a conflict, say). */
  reload: () => void;
}

// The callable client loads with the first call: a page whose first answer came with it (the room's first
// fortnight, sent by its loader) loads none of it until the visitor asks for more (decision 031).
const loadClient = () => import('~/platform/callable-client');

/**
 * Calls a read-only operation from the browser whenever its input changes (`input` null: not yet).
 * An answer that arrives after the input changed again is dropped, so the screen never shows the data
 * of another week than the one asked for. `seed` answers an input from what the page already holds (its
 * loader's data): no call, until `reload`.
 */
export function useCall<D extends CallableDef>(
  def: Callable<D>,
  input: z.input<D['input']> | null,
  seed?: (input: z.input<D['input']>) => OutputOf<D> | null,
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
  // Read from the key, not `input` (a new object at every render): the same input, the same seeded answer.
  const seeded = useMemo(
    () => (generation === 0 && key !== null && seed ? seed(JSON.parse(key) as z.input<D['input']>) : null),
    [seed, key, generation],
  );
  const isSeeded = seeded !== null;

  useEffect(() => {
    if (key === null || isSeeded) return;
    let current = true;
    loadClient()
      .then(({ call }) => call(def, JSON.parse(key) as z.input<D['input']>))
      .then(
        (data) => current && setState({ key, data, error: null }),
        (error: unknown) =>
          current &&
          setState({ key, data: null, error: error instanceof AppError ? error : new AppError('unknown') }),
      );
    return () => {
      current = false;
    };
  }, [def, key, generation, isSeeded]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  if (seeded) return { data: seeded, error: null, loading: false, reload };
  const fresh = state.key === key;
  return {
    data: fresh ? state.data : null,
    error: fresh ? state.error : null,
    loading: key !== null && !fresh,
    reload,
  };
}
