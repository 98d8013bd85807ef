import type { z } from 'zod';
import type { Callable, CallableDef, OutputOf } from '#contract/callable';
import { AppError, codeOfHttpStatus, codeOfStatusName, type ErrorDetails } from '#contract/errors';

/** Seed section 7: a callable gives up after 70 000 ms with `deadline-exceeded`. */
export const CALLABLE_TIMEOUT_MS = 70_000;
export const NOT_JSON_MESSAGE = 'Response is not valid JSON object';

export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Origin of the API; the page's own origin by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Turns a callable's HTTP answer into its value, or an AppError with the code it carries. */
export function decodeCallableResponse(status: number, text: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('internal', NOT_JSON_MESSAGE);
  }
  if (!isRecord(body)) throw new AppError('internal', NOT_JSON_MESSAGE);

  const error = isRecord(body.error) ? body.error : undefined;
  const codeFromStatus = codeOfHttpStatus(status);
  if (error || codeFromStatus !== 'ok') {
    const code = codeOfStatusName(error?.status) ?? (codeFromStatus === 'ok' ? 'internal' : codeFromStatus);
    if (code !== 'ok') {
      const message = typeof error?.message === 'string' ? error.message : code;
      throw new AppError(
        code,
        message,
        isRecord(error?.details) ? (error.details as ErrorDetails) : undefined,
      );
    }
  }
  // Seed section 7: the value is read from `data`, or from `result` when `data` is missing.
  return 'data' in body ? body.data : body.result;
}

export async function callFunction(name: string, data: unknown, options: CallOptions = {}): Promise<unknown> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? CALLABLE_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });
  try {
    const response = await (options.fetch ?? fetch)(
      `${options.baseUrl ?? ''}/api/fn/${encodeURIComponent(name)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ data: data ?? null }),
        signal: controller.signal,
      },
    );
    return decodeCallableResponse(response.status, await response.text());
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (timedOut) throw new AppError('deadline-exceeded', 'deadline-exceeded');
    if (controller.signal.aborted) throw new AppError('cancelled', 'cancelled');
    throw new AppError('unavailable', 'Network request failed');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }
}

/** Calls an operation of the contract from the browser, typed by its definition. */
export function call<D extends CallableDef>(
  def: Callable<D>,
  input: z.input<D['input']>,
  options?: CallOptions,
): Promise<OutputOf<D>> {
  return callFunction(def.name, input, options) as Promise<OutputOf<D>>;
}
