/**
 * Map tile source. Set VITE_MAP_TILE_URL (e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png) and
 * optionally VITE_MAP_TILE_ATTRIBUTION at build time; a user can override it in the map's settings
 * (kept in local storage). Empty means no tiles: the markers show on a plain background.
 */
const STORAGE_KEY = 'lg.map.tiles';

export type TileSource = { url: string; attribution: string };

export function envTileSource(): TileSource {
  const env = import.meta.env as Record<string, string | undefined>;
  return { url: (env.VITE_MAP_TILE_URL ?? '').trim(), attribution: (env.VITE_MAP_TILE_ATTRIBUTION ?? '').trim() };
}

/** A usable tile template: http(s) with {z}, {x} and {y}. */
export function isTileTemplate(url: string): boolean {
  return /^https?:\/\/\S+$/.test(url) && ['{z}', '{x}', '{y}'].every((p) => url.includes(p));
}

export function readTileSource(): TileSource {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored !== null) return { url: stored, attribution: '' };
  } catch {
    // storage unavailable: fall back to the build setting
  }
  return envTileSource();
}

export function storeTileSource(url: string): void {
  try {
    if (url.trim() === '') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, url.trim());
  } catch {
    // private mode: the choice lasts for this page only
  }
}
