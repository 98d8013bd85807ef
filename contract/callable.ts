import type { z } from 'zod';

/**
 * Who may call an operation before its service looks closer:
 * - `public`: anyone, signed in or not;
 * - `signed-in`: any session (the service then checks the caller's role for the space it touches);
 * - `admin`: platform admins only.
 */
export type Access = 'public' | 'signed-in' | 'admin';

export interface CallableDef<TInput extends z.ZodType = z.ZodType, TOutput extends z.ZodType = z.ZodType> {
  /** `feature.verbNoun`, e.g. `reservations.create`: the URL is `/api/fn/<name>`. */
  name: string;
  input: TInput;
  output: TOutput;
  /** Mutations are never retried blindly; they carry an idempotency key where a retry could repeat them. */
  mutates: boolean;
  access: Access;
}

export type InputOf<D extends CallableDef> = z.input<D['input']>;
export type ParsedInputOf<D extends CallableDef> = z.output<D['input']>;
export type OutputOf<D extends CallableDef> = z.output<D['output']>;

/** Defines an operation once; the server implements it and the browser calls it from the same object. */
export function defineCallable<TInput extends z.ZodType, TOutput extends z.ZodType>(
  def: CallableDef<TInput, TOutput>,
): CallableDef<TInput, TOutput> {
  return def;
}
