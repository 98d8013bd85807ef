import type { LeafletEvent, Map as LeafletMap, Marker, MarkerCluster, MarkerClusterGroup } from 'leaflet';
import type * as LeafletModule from 'leaflet';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '~/platform/translation';
import { FRANCE_OUTLINE } from './france-outline';
import type { MapMarker, MarkerMapProps } from './marker-map';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type Leaflet = typeof LeafletModule;

/**
 * Leaflet and its clustering plugin, in the browser only (both need `window`). The plugin is a script that
 * extends the global `L`, which Leaflet sets when it loads: the plugin is loaded after it.
 */
async function loadLeaflet(): Promise<Leaflet> {
  const [{ default: L }] = await Promise.all([
    import('leaflet'),
    // Its styles come with it: a page whose map is never seen loads neither.
    import('leaflet/dist/leaflet.css'),
    import('leaflet.markercluster/dist/MarkerCluster.css'),
    import('./marker-map.css'),
  ]);
  (window as unknown as { L?: Leaflet }).L ??= L;
  await import('leaflet.markercluster');
  return L;
}

/**
 * Markers whose labels would touch are drawn as one round cluster with their count. A label is about 70 px
 * wide and stands above its point, a cluster is centred on its own: points within this radius merge, which
 * keeps any two of them apart. Clicking (or Enter on) a cluster zooms in on it; markers at one very place
 * fan out instead.
 */
const CLUSTER_RADIUS_PX = 80;

function markerIcon(L: Leaflet, marker: MapMarker, selected: boolean) {
  return L.divIcon({
    className: 'escale-marker',
    html: `<span class="${selected ? 'is-selected' : ''}">${escapeHtml(marker.text)}</span>`,
    iconSize: undefined,
    iconAnchor: [0, 0],
  });
}

export interface MarkerMapDrawingProps extends Omit<MarkerMapProps, 'label' | 'className'> {
  /** The frame MarkerMap rendered, which the map fills. */
  container: RefObject<HTMLDivElement | null>;
}

/**
 * The markers on a Leaflet map in MarkerMap's frame (app/ui/marker-map.tsx), which loads this module once the
 * frame comes near the screen. Draws into the frame; renders nothing itself.
 */
export default function MarkerMapDrawing({
  container,
  markers,
  tileUrl,
  tileAttribution,
  zoomInLabel,
  zoomOutLabel,
  onSelect,
  selectedId,
  singleZoom,
}: MarkerMapDrawingProps) {
  const { t } = useTranslation();
  const map = useRef<LeafletMap | null>(null);
  const [ready, setReady] = useState(0);
  const onSelectRef = useRef(onSelect);
  const clusterLabel = useRef((count: number) => t('ui.mapCluster', { count }));
  // The markers drawn now, by id, and the group that clusters them: a new selection restyles them in place.
  const drawn = useRef<{ L: Leaflet; group: MarkerClusterGroup; byId: Map<string, Marker> } | null>(null);
  const selectedRef = useRef(selectedId);
  useEffect(() => {
    onSelectRef.current = onSelect;
    clusterLabel.current = (count: number) => t('ui.mapCluster', { count });
    selectedRef.current = selectedId;
  }, [onSelect, t, selectedId]);

  useEffect(() => {
    let cancelled = false;
    void loadLeaflet().then((L) => {
      if (cancelled || !container.current || map.current) return;
      const created = L.map(container.current, {
        zoomControl: false,
        attributionControl: Boolean(tileUrl),
        scrollWheelZoom: false,
        // Clustering needs a deepest zoom; without tiles, past this the outline says nothing more.
        maxZoom: tileUrl ? 19 : 12,
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
  }, [container, tileUrl, tileAttribution, zoomInLabel, zoomOutLabel]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    // The layer is made after an await: a newer run may have cleaned up before it exists.
    let cancelled = false;
    let layer: { remove(): void } | undefined;
    void loadLeaflet().then((L) => {
      if (cancelled) return;
      const selected = () => selectedRef.current;
      const idOf = new WeakMap<Marker, string>();
      const group = L.markerClusterGroup({
        maxClusterRadius: CLUSTER_RADIUS_PX,
        showCoverageOnHover: false,
        iconCreateFunction: (cluster) => {
          const count = cluster.getChildCount();
          const holdsSelected = cluster.getAllChildMarkers().some((child) => idOf.get(child) === selected());
          return L.divIcon({
            className: 'escale-cluster',
            html: `<span class="${holdsSelected ? 'is-selected' : ''}" aria-hidden="true">${count}</span><span class="escale-sr">${escapeHtml(clusterLabel.current(count))}</span>`,
            iconSize: undefined,
            iconAnchor: [0, 0],
          });
        },
      });
      const byId = new Map<string, Marker>();
      for (const marker of markers) {
        const leafletMarker = L.marker([marker.latitude, marker.longitude], {
          icon: markerIcon(L, marker, marker.id === selected()),
          title: marker.label,
          keyboard: true,
          riseOnHover: true,
          zIndexOffset: marker.id === selected() ? 1000 : 0,
        });
        idOf.set(leafletMarker, marker.id);
        leafletMarker.on('click', () => onSelectRef.current?.(marker.id));
        leafletMarker.on('keypress', (event) => {
          const key = (event.originalEvent as KeyboardEvent).key;
          if (key === 'Enter' || key === ' ') onSelectRef.current?.(marker.id);
        });
        byId.set(marker.id, leafletMarker);
        group.addLayer(leafletMarker);
      }
      // A cluster reached with the keyboard opens as a click would: zoom in, or fan out at one place.
      group.on('clusterkeypress', (event) => {
        const key = (event as LeafletEvent & { originalEvent: KeyboardEvent }).originalEvent.key;
        if (key !== 'Enter' && key !== ' ') return;
        const cluster = (event as LeafletEvent & { layer: MarkerCluster }).layer;
        const bounds = cluster.getBounds();
        if (current.getZoom() >= current.getMaxZoom() || bounds.getNorthEast().equals(bounds.getSouthWest()))
          cluster.spiderfy();
        else cluster.zoomToBounds({ padding: [40, 40] });
      });
      group.addTo(current);
      layer = group;
      drawn.current = { L, group, byId };
      const points = markers.map((marker) => [marker.latitude, marker.longitude] as [number, number]);
      if (points.length === 1) current.setView(points[0]!, singleZoom ?? (tileUrl ? 15 : 6));
      else if (points.length > 1)
        current.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: 14 });
    });
    return () => {
      cancelled = true;
      layer?.remove();
      drawn.current = null;
    };
  }, [markers, ready, singleZoom, tileUrl]);

  // The selected marker stands out (and the cluster holding it), without redrawing or moving the map.
  useEffect(() => {
    const current = drawn.current;
    if (!current) return;
    for (const marker of markers) {
      const leafletMarker = current.byId.get(marker.id);
      if (!leafletMarker) continue;
      const selected = marker.id === selectedId;
      leafletMarker.setIcon(markerIcon(current.L, marker, selected));
      leafletMarker.setZIndexOffset(selected ? 1000 : 0);
    }
    current.group.refreshClusters();
  }, [markers, selectedId]);

  return null;
}
