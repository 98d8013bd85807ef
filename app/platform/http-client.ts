/** Seed section 7: a non-mutating request is retried once when the answer is one of these statuses. */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface HttpClientOptions {
  /** From the app's configuration (`config.baseUrl`), or the page's origin when empty. */
  baseUrl: string;
  fetch?: typeof fetch;
}

/** A thin fetch wrapper for our own plain HTTP endpoints (not callables). */
export function createHttpClient({
  baseUrl,
  fetch: fetchImpl = (...args) => fetch(...args),
}: HttpClientOptions) {
  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const url = /^https?:\/\//.test(path) ? path : `${baseUrl.replace(/\/$/, '')}${path}`;
    const method = (init.method ?? 'GET').toUpperCase();
    const response = await fetchImpl(url, { ...init, method });
    if (SAFE_METHODS.has(method) && RETRY_STATUSES.has(response.status)) {
      return fetchImpl(url, { ...init, method });
    }
    return response;
  }

  return {
    request,
    async getJson<T>(path: string, init?: RequestInit): Promise<T> {
      const response = await request(path, {
        ...init,
        headers: { Accept: 'application/json', ...init?.headers },
      });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      return (await response.json()) as T;
    },
  };
}
