import type { z } from 'zod';
import type { CallableDef, OutputOf, ParsedInputOf } from '#contract/callable';
import { AppError, type FieldIssue } from '#contract/errors';
import { appErrorOfDatabaseRefusal } from '../db/transaction';
import type { Config } from './config';
import { requireCallableAccess } from './policy';
import type { ServiceContext } from './service-context';
import type { Session } from './session';

/**
 * What every implementation receives besides its input: a service context (the database, the caller, the
 * request's `now`, language, logger, id and address), which it hands to the services as it is, plus the
 * request itself for the few operations that need more.
 */
export interface CallContext extends ServiceContext {
  config: Config;
  /** The session itself, for the few operations about sessions (sign out the other devices). */
  session: Session | null;
  requestId: string;
  /** The request's headers, for the few operations that hand them to auth. */
  headers: Headers;
}

export interface Implementation<D extends CallableDef = CallableDef> {
  def: D;
  handle: (input: ParsedInputOf<D>, ctx: CallContext) => Promise<z.input<D['output']>>;
}

/** Pairs a contract definition with the function that serves it (in `<feature>.callables.ts`). */
export function implement<D extends CallableDef>(
  def: D,
  handle: Implementation<D>['handle'],
): Implementation<D> {
  return { def, handle };
}

/** A service function that serves `D` as it is: it takes the call's context and the operation's input. */
export type ServiceOf<D extends CallableDef> = (
  ctx: CallContext,
  input: ParsedInputOf<D>,
) => Promise<z.input<D['output']>>;

/**
 * The operations a service serves under their own names, its function taking the call's context and the
 * input as they are (`listArticles` is `blog.listArticles(ctx, input)`): one implementation each, each
 * function checked against its definition. Operations that read their input otherwise keep `implement`.
 * Pass the service's namespace here only: read member by member elsewhere in the file, knip would take the
 * functions served by name for unused.
 */
export function implementByName<Defs extends Record<string, CallableDef>>(
  service: NoInfer<{ [Name in keyof Defs]: ServiceOf<Defs[Name]> }>,
  defs: Defs,
): Implementation[] {
  return Object.entries(defs).map(([name, def]) => {
    // Checked per name in the signature; in this list every definition is only a `CallableDef`.
    const serve = service[name as keyof Defs] as ServiceOf<CallableDef>;
    return implement(def, (input, ctx) => serve(ctx, input));
  });
}

export function fieldIssuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

export interface CallableRouter {
  /** Validates, checks access, runs and validates the output. Throws AppError, nothing else. */
  invoke(name: string, data: unknown, ctx: CallContext): Promise<unknown>;
  has(name: string): boolean;
  /** Every operation it serves, for tests that go through all of them. */
  definitions(): CallableDef[];
}

export function createCallableRouter(implementations: Implementation[]): CallableRouter {
  const byName = new Map<string, Implementation>();
  for (const implementation of implementations) {
    if (byName.has(implementation.def.name))
      throw new Error(`callable defined twice: ${implementation.def.name}`);
    byName.set(implementation.def.name, implementation);
  }

  async function invoke(name: string, data: unknown, ctx: CallContext): Promise<unknown> {
    const implementation = byName.get(name);
    if (!implementation) throw new AppError('not-found', `Unknown function: ${name}`);
    const { def } = implementation;

    requireCallableAccess(ctx.actor, def.access);

    const parsed = def.input.safeParse(data);
    if (!parsed.success) {
      throw new AppError('invalid-argument', 'Invalid input', { fields: fieldIssuesOf(parsed.error) });
    }

    let raw: unknown;
    try {
      raw = await implementation.handle(parsed.data, ctx);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const refusal = appErrorOfDatabaseRefusal(error);
      if (refusal) {
        ctx.log.warn('callable refused by the database', { callable: name, code: refusal.code, error });
        throw refusal;
      }
      ctx.log.error('callable failed', { callable: name, error });
      throw new AppError('internal', 'Internal error');
    }

    // The output schema is also a filter: fields it does not name never leave the server.
    const output = def.output.safeParse(raw);
    if (!output.success) {
      ctx.log.error('callable returned an invalid result', { callable: name, issues: output.error.issues });
      throw new AppError('internal', 'Internal error');
    }
    return output.data;
  }

  return {
    invoke,
    has: (name) => byName.has(name),
    definitions: () => [...byName.values()].map((implementation) => implementation.def),
  };
}

/** In-process call with the contract's types, used by loaders through the load context. */
export function callWith(router: CallableRouter, ctx: CallContext) {
  return <D extends CallableDef>(def: D, input: z.input<D['input']>) =>
    router.invoke(def.name, input, ctx) as Promise<OutputOf<D>>;
}
