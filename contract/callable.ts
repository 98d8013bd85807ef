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

/**
 * An operation named without its schemas, for the browser: calling through a definition brings zod and
 * every schema of its contract file into the page's JavaScript, though the browser only sends the name
 * (issue 18). The definition's type rides along, so input and output stay typed; a test checks each
 * reference's name against its definition's.
 */
export interface CallableRef<D extends CallableDef> {
  readonly name: string;
  /** Never set: carries the definition's type. */
  readonly definition?: D;
}

export function callableRef<D extends CallableDef>(name: string): CallableRef<D> {
  return { name };
}

/** A definition or a reference to one: what the browser's callers accept. */
export type Callable<D extends CallableDef> = D | CallableRef<D>;
