import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { cn } from './cn';
export interface MapMarker {
  id: string;
  latitude: number;
  longitude: number;
  /** What the marker shows (a price, a short name). */
  text: string;
  /** Its accessible name, e.g. "Acme Coworking, from €18". */
  label: string;
}

export interface MarkerMapProps {
  markers: MapMarker[];
  /** Names the map region for screen readers. */
  label: string;
  /** Tiles URL template; without it the markers sit on a plain ground (no network needed). */
  tileUrl: string | null;
  tileAttribution: string | null;
  zoomInLabel: string;
  zoomOutLabel: string;
  /** A marker was clicked or activated with the keyboard. */
  onSelect?: (id: string) => void;
  selectedId?: string | null;
  /** Zoom on a single marker; by default close with tiles, the whole country on the plain outline. */
  singleZoom?: number;
  className?: string;
}

/** What draws the map: Leaflet's part of it, loaded with Leaflet when the map is about to be seen. */
const MarkerMapDrawing = lazy(() => import('./marker-map-drawing'));

/**
 * How far below (or above) the screen the map starts loading, so it is drawn by the time it is seen: a quarter
 * of a phone's screen, the first scroll towards it. Not more: on a phone the search results come first and the
 * map after them, and a person who reads the first results only never loads it (decision 031).
 */
const LOAD_MARGIN = '200px 0px';

/** Whether the element has come within LOAD_MARGIN of the screen (once true, stays true). */
function useNearScreen(element: React.RefObject<HTMLElement | null>): boolean {
  // A browser without IntersectionObserver loads the map at once (nothing of it is rendered from this).
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/**
 * A Leaflet map of markers, loaded in the browser only (Leaflet needs `window`) once it comes near the
 * screen; the server renders the empty frame. The list next to it stays the primary way to reach each place: the
 * map adds geography. Until the frame is near, the page carries the frame alone: the drawing code (with
 * France's outline) comes with Leaflet (marker-map-drawing.tsx).
 */
export function MarkerMap({ label, className, ...drawing }: MarkerMapProps) {
  const container = useRef<HTMLDivElement>(null);
  // Leaflet (about 50 KiB compressed) and its styles load when the map is about to be seen.
  const near = useNearScreen(container);
  return (
    <div
      role="region"
      aria-label={label}
      className={cn('escale-map border-line bg-muted relative overflow-hidden rounded-2xl border', className)}
    >
      <div ref={container} className="h-full w-full" />
      {near ? (
        <Suspense fallback={null}>
          <MarkerMapDrawing container={container} {...drawing} />
        </Suspense>
      ) : null}
    </div>
  );
}
