import { describe, expect, it } from 'vitest';
import { boundsOf, countStates, markerStyle, STATE_COLOURS } from './state-colour.ts';
import { isTileTemplate } from './tile-source.ts';

describe('map state colouring', () => {
  it('gives each state its own colour and draws faults larger', () => {
    expect(new Set(Object.values(STATE_COLOURS)).size).toBe(3);
    expect(markerStyle('fault').fillColor).toBe(STATE_COLOURS.fault);
    expect(markerStyle('fault').radius).toBeGreaterThan(markerStyle('online').radius);
  });

  it('counts points per state for the legend', () => {
    expect(countStates([{ state: 'online' }, { state: 'fault' }, { state: 'online' }])).toEqual({ online: 2, offline: 0, fault: 1 });
  });

  it('frames the points, or nothing when there are none', () => {
    expect(boundsOf([])).toBeNull();
    expect(
      boundsOf([
        { latitude: 22.5, longitude: 114.1 },
        { latitude: 22.7, longitude: 113.9 },
      ]),
    ).toEqual([
      [22.5, 113.9],
      [22.7, 114.1],
    ]);
  });

  it('accepts only http(s) tile templates with {z}, {x} and {y}', () => {
    expect(isTileTemplate('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(true);
    expect(isTileTemplate('https://tile.openstreetmap.org/{z}/{x}.png')).toBe(false);
    expect(isTileTemplate('')).toBe(false);
  });
});
