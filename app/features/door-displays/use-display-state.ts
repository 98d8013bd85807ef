import { useEffect, useRef, useState } from 'react';
import {
  DISPLAY_POLL_SECONDS,
  DISPLAY_RETRY_SECONDS,
  displayStatePath,
  SERVER_TIME_HEADER,
  type TDisplayView,
} from '#contract/door-displays.plain';

export interface DisplayConnection {
  view: TDisplayView;
  /** The server's time now, as well as the page knows it (its offset to the server's clock, kept up to date). */
  now: () => Date;
  /** When the server stopped answering, while it does not; null while connected. */
  lostSince: Date | null;
  /** Shows a state the server just gave (after a check-in), without waiting for the next poll. */
  replace: (view: TDisplayView) => void;
}

/**
 * Keeps a door display's state fresh by itself (docs/decisions/035-door-displays.md): asks every
 * DISPLAY_POLL_SECONDS with the version it holds (`If-None-Match`; the server answers 304 when nothing
 * changed), and while the server does not answer, says so and asks again every DISPLAY_RETRY_SECONDS until
 * it does. Nobody has to touch the tablet.
 */
export function useDisplayState(token: string, initial: TDisplayView, serverNow: string): DisplayConnection {
  const [view, setView] = useState(initial);
  const [lostSince, setLostSince] = useState<Date | null>(null);
  const offset = useRef(0);
  const [, setTick] = useState(0);

  // Between two polls the page follows the clock: free → busy happens on time, counted from the server's.
  useEffect(() => {
    offset.current = new Date(serverNow).getTime() - Date.now();
    const ticker = setInterval(() => setTick((tick) => tick + 1), 5_000);
    return () => clearInterval(ticker);
  }, [serverNow]);

  useEffect(() => {
    let etag: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      let next = DISPLAY_POLL_SECONDS;
      try {
        const response = await fetch(displayStatePath(token), {
          headers: etag
            ? { 'If-None-Match': etag, Accept: 'application/json' }
            : { Accept: 'application/json' },
          cache: 'no-store',
        });
        if (response.status !== 200 && response.status !== 304) throw new Error(`status ${response.status}`);
        const time = response.headers.get(SERVER_TIME_HEADER);
        if (time) offset.current = new Date(time).getTime() - Date.now();
        if (response.status === 200) {
          etag = response.headers.get('ETag');
          const fresh = (await response.json()) as TDisplayView;
          if (!stopped) setView(fresh);
        }
        if (!stopped) {
          setLostSince(null);
          // A 304 may still move the server's time (a booking starts): show it now, not at the next tick.
          setTick((tick) => tick + 1);
        }
      } catch {
        next = DISPLAY_RETRY_SECONDS;
        if (!stopped) setLostSince((since) => since ?? new Date(Date.now() + offset.current));
      }
      if (!stopped) timer = setTimeout(() => void poll(), next * 1000);
    };
    timer = setTimeout(() => void poll(), DISPLAY_POLL_SECONDS * 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token]);

  return { view, now: () => new Date(Date.now() + offset.current), lostSince, replace: setView };
}
