import type { Translate } from '#contract/translator';
import { AppError } from '#contract/errors';
import { EVENT_REFUSALS } from '#contract/events';
import { messageOfError } from '~/platform/form-errors';

/** What to tell the person when an events call failed: the refusal's own words, else the code's. */
export function eventErrorMessage(t: Translate, error: unknown): string {
  const reason = error instanceof AppError ? error.details?.reason : undefined;
  if (typeof reason === 'string' && (EVENT_REFUSALS as readonly string[]).includes(reason)) {
    return t(`events:refusals.${reason}`);
  }
  return messageOfError(t, error);
}
