import { numberFormat } from '#contract/intl';
import { IMAGE_LIMITS } from '#contract/image-variants';
import {
  isStorageErrorCode,
  OPERATION_RETRY_LIMIT_MS,
  StorageError,
  UPLOAD_RETRY_LIMIT_MS,
  ZUploadedFile,
  type FilePurpose,
  type StorageErrorBody,
  type TUploadedFile,
} from '#contract/storage';

/** Statuses worth another try: the server or the network was momentarily unable. */
const RETRYABLE_STATUSES = new Set([0, 408, 429, 500, 502, 503, 504]);
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 64_000;

interface Attempt<T> {
  /** Resolves with the result, or rejects with a StorageError; `retryable` says whether to try again. */
  run: () => Promise<T>;
  retryable: (error: StorageError) => boolean;
}

/**
 * Retries with growing delays (1 s, 2 s, 4 s … 64 s) until `limitMs` has passed since the first try, then
 * gives up with `storage/retry-limit-exceeded` (seed section 9: 120 000 ms operations, 600 000 ms uploads).
 */
export async function retryUntil<T>(
  { run, retryable }: Attempt<T>,
  limitMs: number,
  options: { signal?: AbortSignal; now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const started = now();
  for (let delay = FIRST_DELAY_MS; ; delay = Math.min(delay * 2, MAX_DELAY_MS)) {
    if (options.signal?.aborted) throw new StorageError('storage/canceled', 'Canceled');
    try {
      return await run();
    } catch (error) {
      const storageError =
        error instanceof StorageError ? error : new StorageError('storage/unknown', String(error));
      if (!retryable(storageError)) throw storageError;
      if (now() - started + delay > limitMs) {
        throw new StorageError('storage/retry-limit-exceeded', 'Gave up after retrying');
      }
      await sleep(delay);
    }
  }
}

/** A storage error from an HTTP answer (its JSON body names the code). */
export function storageErrorOf(status: number, text: string): StorageError {
  try {
    const body = JSON.parse(text) as StorageErrorBody;
    if (isStorageErrorCode(body.error?.code)) {
      return new StorageError(body.error.code, body.error.message, body.error.details);
    }
  } catch {
    // Not our JSON (a proxy's error page): the status decides.
  }
  if (status === 401) return new StorageError('storage/unauthenticated');
  if (status === 403) return new StorageError('storage/unauthorized');
  if (status === 404) return new StorageError('storage/object-not-found');
  if (status === 413) return new StorageError('storage/quota-exceeded', undefined, { reason: 'size' });
  return new StorageError('storage/unknown', `HTTP ${status}`);
}

class RetryableHttp extends StorageError {}

export interface UploadOptions {
  purpose: FilePurpose;
  /** Fraction sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function sendOnce(file: File, options: UploadOptions): Promise<TUploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ purpose: options.purpose, name: file.name });
    xhr.open('POST', `/api/files?${query}`);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => options.signal?.removeEventListener('abort', abort);
    xhr.onabort = () => reject(new StorageError('storage/canceled', 'Canceled'));
    xhr.onerror = () => reject(new RetryableHttp('storage/unknown', 'Network error'));
    xhr.onload = () => {
      if (xhr.status === 201) {
        const parsed = ZUploadedFile.safeParse(JSON.parse(xhr.responseText));
        if (parsed.success) resolve(parsed.data);
        else reject(new StorageError('storage/unknown', 'Unexpected answer'));
        return;
      }
      const error = storageErrorOf(xhr.status, xhr.responseText);
      reject(RETRYABLE_STATUSES.has(xhr.status) ? new RetryableHttp(error.code, error.message) : error);
    };
    xhr.send(file);
  });
}

/** Uploads a file with progress (XMLHttpRequest reports upload progress; fetch does not), retrying outages. */
export function uploadFile(file: File, options: UploadOptions): Promise<TUploadedFile> {
  return retryUntil(
    { run: () => sendOnce(file, options), retryable: (error) => error instanceof RetryableHttp },
    UPLOAD_RETRY_LIMIT_MS,
    { signal: options.signal },
  );
}

/** Deletes one of one's own files (an upload that ended up unused), retrying outages. */
export function deleteFile(key: string, options: { signal?: AbortSignal } = {}): Promise<void> {
  return retryUntil(
    {
      run: async () => {
        let response: Response;
        try {
          response = await fetch(`/api/files/${encodeURIComponent(key)}`, {
            method: 'DELETE',
            credentials: 'same-origin',
            signal: options.signal,
          });
        } catch {
          if (options.signal?.aborted) throw new StorageError('storage/canceled', 'Canceled');
          throw new RetryableHttp('storage/unknown', 'Network error');
        }
        if (response.ok || response.status === 404) return;
        const error = storageErrorOf(response.status, await response.text());
        throw RETRYABLE_STATUSES.has(response.status) ? new RetryableHttp(error.code, error.message) : error;
      },
      retryable: (error) => error instanceof RetryableHttp,
    },
    OPERATION_RETRY_LIMIT_MS,
    options,
  );
}

/** The values of the `dimensions` messages (`{{side}}`, `{{megapixels}}`) in `locale`: the largest image accepted. */
export function imageLimitText(locale: string) {
  return {
    side: numberFormat(locale, {}).format(IMAGE_LIMITS.maxSide),
    megapixels: IMAGE_LIMITS.maxMegapixels,
  };
}

/**
 * The catalogue key (`…errors.<key>`: an avatar's, a photo's, a picked image's) that says why an upload was
 * refused or failed.
 */
export function storageMessageKey(error: StorageError): string {
  if (
    error.reason === 'type' ||
    error.reason === 'size' ||
    error.reason === 'dimensions' ||
    error.reason === 'empty'
  )
    return error.reason;
  if (error.code === 'storage/unauthenticated') return 'unauthenticated';
  if (error.code === 'storage/retry-limit-exceeded') return 'retry';
  if (error.code === 'storage/canceled') return 'canceled';
  return 'other';
}
