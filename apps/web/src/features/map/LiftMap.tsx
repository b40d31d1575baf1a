import 'leaflet/dist/leaflet.css';
import type { TLiftMapPoint } from '@liftguard/contract/registry/lift';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { boundsOf, markerStyle } from './state-colour.ts';
import type { TileSource } from './tile-source.ts';
import { isTileTemplate } from './tile-source.ts';

/** A transparent pixel for tiles that fail to load: no broken-image grid when the tile server is unreachable. */
const BLANK_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const DEFAULT_CENTRE: [number, number] = [22.54, 114.06];

type Props = {
  points: readonly TLiftMapPoint[];
  tiles: TileSource;
  selectedId: number | null;
  onSelect: (id: number) => void;
};

/** Leaflet map of lifts: vector circle markers coloured by state (no marker images to fail), optional tiles. */
export function LiftMap({ points, tiles, selectedId, onSelect }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const markers = useRef(new Map<number, L.CircleMarker>());
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { center: DEFAULT_CENTRE, zoom: 11, preferCanvas: false, attributionControl: true });
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    return () => {
      m.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const m = map.current;
    if (!m || !isTileTemplate(tiles.url)) return;
    const t = L.tileLayer(tiles.url, { attribution: tiles.attribution, errorTileUrl: BLANK_TILE, maxZoom: 19 }).addTo(m);
    return () => {
      t.remove();
    };
  }, [tiles.url, tiles.attribution]);

  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!m || !group) return;
    group.clearLayers();
    markers.current.clear();
    // faults last, so they are drawn on top
    const ordered = [...points].sort((a, b) => Number(a.state === 'fault') - Number(b.state === 'fault'));
    for (const p of ordered) {
      const marker = L.circleMarker([p.latitude, p.longitude], { ...markerStyle(p.state), className: `lg-marker lg-marker-${p.state}` })
        .bindTooltip(`${p.name} · ${p.code}`)
        .on('click', () => select.current(p.id))
        .addTo(group);
      markers.current.set(p.id, marker);
    }
    const b = boundsOf(points);
    if (b) m.fitBounds(b, { padding: [32, 32], maxZoom: 15 });
  }, [points]);

  useEffect(() => {
    const m = map.current;
    if (!m || selectedId === null) return;
    const marker = markers.current.get(selectedId);
    if (!marker) return;
    m.setView(marker.getLatLng(), Math.max(m.getZoom(), 15));
    marker.setStyle({ weight: 4, color: '#1677ff' }).bringToFront();
    return () => {
      marker.setStyle({ weight: 2, color: '#ffffff' });
    };
  }, [selectedId]);

  return <div ref={box} data-testid="lift-map" style={{ height: 560, width: '100%', background: '#e8eef4', borderRadius: 8 }} />;
}
