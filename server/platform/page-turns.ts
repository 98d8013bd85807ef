/**
 * Pages rendered at once, at most a few; the others wait their turn, first come first served.
 *
 * Why (docs/decisions/036): under load a page's render outlives the young generation's collections when
 * fifty render at once (each waits for the CPU the others use), so what it holds (its loaders' data, its
 * React tree, its stream) is promoted to the old generation, which grows by hundreds of MB and costs full
 * collections. Taking turns, each render is over within a few milliseconds of its start and what it
 * held dies young. A waiting request holds only its request. Nobody is refused: the order of answers and
 * the total work are the same, the peak memory is not.
 *
 * A turn lasts until the page's body is produced to its end (a streamed page: until its last chunk), not
 * until the client has read it: the body is read ahead into memory as the render writes it, so a slow or
 * stalled client holds a page's bytes, never a turn.
 */

/** Ends a turn; a second call does nothing. */
export type EndTurn = () => void;

export interface PageTurns {
  /**
   * Waits for a turn. `null` when `signal` aborts first (the client left): nothing to render for. The caller
   * ends the turn, with `holdTurnUntilBodyEnds` for a response or directly when it fails.
   */
  take(signal?: AbortSignal): Promise<EndTurn | null>;
  /** Turns taken and not ended, and requests waiting for one (for tests and logs). */
  readonly active: number;
  readonly waiting: number;
}

export function createPageTurns(limit: number): PageTurns {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`page turns: limit ${limit} is not a count`);
  let active = 0;
  // A Set keeps insertion order (first come, first served) and lets a waiter that gave up leave in O(1).
  const waiting = new Set<() => void>();

  const turn = (): EndTurn => {
    active++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      active--;
      const next = waiting.values().next();
      if (!next.done) {
        waiting.delete(next.value);
        next.value();
      }
    };
  };

  return {
    take(signal) {
      if (signal?.aborted) return Promise.resolve(null);
      if (active < limit && waiting.size === 0) return Promise.resolve(turn());
      return new Promise((resolve) => {
        const grant = () => {
          signal?.removeEventListener('abort', leave);
          resolve(turn());
        };
        const leave = () => {
          waiting.delete(grant);
          resolve(null);
        };
        waiting.add(grant);
        signal?.addEventListener('abort', leave, { once: true });
      });
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.size;
    },
  };
}

/**
 * `response` with its body read ahead as it is produced, and `end` called once it has all been produced,
 * has failed, or the client has cancelled it (at once when there is no body).
 */
export function holdTurnUntilBodyEnds(response: Response, endTurn: EndTurn): Response {
  const source = response.body;
  if (!source) {
    endTurn();
    return response;
  }
  const reader = source.getReader();
  let cancelled = false;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    endTurn();
  };
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // Not awaited: `start` returns at once and the body flows while the client reads what is there.
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (cancelled) return;
            if (done) {
              controller.close();
              return;
            }
            controller.enqueue(value);
          }
        } catch (error) {
          if (!cancelled) controller.error(error);
        } finally {
          end();
        }
      })();
    },
    cancel(reason) {
      cancelled = true;
      end();
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
