/**
 * How the database refused a statement, to assert that the intended guard refused it (its SQLSTATE, and the
 * constraint or the message) rather than any error at all: a typo in the SQL also "throws".
 */
import { sqlStateOf } from '../../server/db/transaction';

export interface Refusal {
  /** The SQLSTATE; `done` when the statement went through, `none` when what failed was not the database. */
  sqlState: string;
  /** The constraint that refused it, when one did (check, unique, exclusion, foreign key). */
  constraint?: string;
  message: string;
}

export async function refusalOf(statement: Promise<unknown>): Promise<Refusal> {
  try {
    await statement;
    return { sqlState: 'done', message: '' };
  } catch (error) {
    let cause: unknown = error;
    while (cause && typeof cause === 'object' && !sqlStateOf({ code: (cause as { code?: unknown }).code })) {
      cause = (cause as { cause?: unknown }).cause;
    }
    const refusal = (cause ?? error) as { constraint?: unknown; message?: unknown };
    const found: Refusal = {
      sqlState: sqlStateOf(error) ?? 'none',
      message: typeof refusal.message === 'string' ? refusal.message : String(error),
    };
    if (typeof refusal.constraint === 'string') found.constraint = refusal.constraint;
    if (process.env.PRINT_REFUSALS) console.log('REFUSAL', JSON.stringify(found));
    return found;
  }
}
