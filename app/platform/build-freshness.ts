/**
 * Seed section 4: the page checks for a newer build about a second after it starts, then every hour; once
 * the server runs another build, the next navigation is a full page load, so the person gets the new code
 * without losing what they are doing now.
 */
export const BUILD_CHECK_DELAY_MS = 1000;
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const BUILD_ENDPOINT = '/api/build';

export interface BuildWatcherOptions {
  /** The build this page runs. */
  currentBuildId: string;
  /** The build the server runs now. */
  fetchBuildId: () => Promise<string>;
  onNewerBuild: (buildId: string) => void;
  onCheckFailed?: (error: unknown) => void;
  delayMs?: number;
  intervalMs?: number;
}

/** Starts the checks; returns a function that stops them. Stops by itself once a newer build is seen. */
export function watchBuild(options: BuildWatcherOptions): () => void {
  const { currentBuildId, fetchBuildId, onNewerBuild } = options;
  let stopped = false;
  let interval: ReturnType<typeof setInterval> | undefined;

  async function check() {
    if (stopped) return;
    try {
      const buildId = await fetchBuildId();
      if (stopped || !buildId || buildId === currentBuildId) return;
      stop();
      onNewerBuild(buildId);
    } catch (error) {
      // Offline or the server restarting: the next check will tell.
      options.onCheckFailed?.(error);
    }
  }

  const first = setTimeout(() => {
    void check();
    interval = setInterval(() => void check(), options.intervalMs ?? BUILD_CHECK_INTERVAL_MS);
  }, options.delayMs ?? BUILD_CHECK_DELAY_MS);

  function stop() {
    stopped = true;
    clearTimeout(first);
    if (interval) clearInterval(interval);
  }
  return stop;
}

/** Reads `{ buildId }` from the server; any other answer is an error. */
export async function fetchServerBuildId(fetchJson: (path: string) => Promise<unknown>): Promise<string> {
  const body = await fetchJson(BUILD_ENDPOINT);
  if (body && typeof body === 'object' && 'buildId' in body && typeof body.buildId === 'string')
    return body.buildId;
  throw new Error(`${BUILD_ENDPOINT} answered without a build id`);
}

/** Where a pending client-side navigation goes, as a full page load instead. */
export function loadDocument(target: string, win: Pick<Window, 'location'> = window) {
  const current = `${win.location.pathname}${win.location.search}${win.location.hash}`;
  // Back/forward has already moved the address bar: reload it rather than add a history entry.
  if (current === target) win.location.reload();
  else win.location.assign(target);
}
