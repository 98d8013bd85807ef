import 'leaflet/dist/leaflet.css';
import './marker-map.css';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { cn } from './cn';
import { FRANCE_OUTLINE } from './france-outline';

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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A Leaflet map of markers, loaded in the browser only (Leaflet needs `window`); the server renders the
 * empty frame. The list next to it stays the primary way to reach each place: the map adds geography.
 */
export function MarkerMap({
  markers,
  label,
  tileUrl,
  tileAttribution,
  zoomInLabel,
  zoomOutLabel,
  onSelect,
  selectedId,
  singleZoom,
  className,
}: MarkerMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const [ready, setReady] = useState(0);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    let cancelled = false;
    void import('leaflet').then(({ default: L }) => {
      if (cancelled || !container.current || map.current) return;
      const created = L.map(container.current, {
        zoomControl: false,
        attributionControl: Boolean(tileUrl),
        scrollWheelZoom: false,
      });
      L.control.zoom({ zoomInTitle: zoomInLabel, zoomOutTitle: zoomOutLabel }).addTo(created);
      if (tileUrl) {
        L.tileLayer(tileUrl, { attribution: tileAttribution ?? '', maxZoom: 19 }).addTo(created);
      } else {
        L.polygon(FRANCE_OUTLINE, {
          interactive: false,
          color: 'var(--color-line)',
          weight: 1.5,
          fillColor: 'var(--color-surface)',
          fillOpacity: 1,
        }).addTo(created);
      }
      created.setView([46.6, 2.4], 5);
      map.current = created;
      setReady((count) => count + 1);
    });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
    };
  }, [tileUrl, tileAttribution, zoomInLabel, zoomOutLabel]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    // The layer is made after an await: a newer run may have cleaned up before it exists.
    let cancelled = false;
    let layer: { remove(): void } | undefined;
    void import('leaflet').then(({ default: L }) => {
      if (cancelled) return;
      const group = L.layerGroup();
      for (const marker of markers) {
        const selected = marker.id === selectedId;
        const icon = L.divIcon({
          className: 'escale-marker',
          html: `<span class="${selected ? 'is-selected' : ''}">${escapeHtml(marker.text)}</span>`,
          iconSize: undefined,
          iconAnchor: [0, 0],
        });
        const leafletMarker = L.marker([marker.latitude, marker.longitude], {
          icon,
          title: marker.label,
          keyboard: true,
          riseOnHover: true,
          zIndexOffset: selected ? 1000 : 0,
        });
        leafletMarker.on('click', () => onSelectRef.current?.(marker.id));
        leafletMarker.on('keypress', (event) => {
          const key = (event.originalEvent as KeyboardEvent).key;
          if (key === 'Enter' || key === ' ') onSelectRef.current?.(marker.id);
        });
        group.addLayer(leafletMarker);
      }
      group.addTo(current);
      layer = group;
      const points = markers.map((marker) => [marker.latitude, marker.longitude] as [number, number]);
      if (points.length === 1) current.setView(points[0]!, singleZoom ?? (tileUrl ? 15 : 6));
      else if (points.length > 1)
        current.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: 14 });
    });
    return () => {
      cancelled = true;
      layer?.remove();
    };
  }, [markers, selectedId, ready, singleZoom, tileUrl]);

  return (
    <div
      role="region"
      aria-label={label}
      className={cn('escale-map border-line bg-muted relative overflow-hidden rounded-2xl border', className)}
    >
      <div ref={container} className="h-full w-full" />
    </div>
  );
}
