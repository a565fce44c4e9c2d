import { describe, expect, it } from 'vitest';
import type { Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-50m.json';
import { outlinesFromTopology } from './basemap';
import { countryAt, countryLabels, labelPoint, labelsInView, placeLabels } from './country-labels';

const outlines = outlinesFromTopology(atlas as unknown as Topology).features;
const labels = countryLabels(outlines);
const byName = (name: string) => labels.find((l) => l.name === name)!;

describe('country labels from the bundled outlines', () => {
  it('puts a name inside a C-shaped polygon, where its centroid is not', () => {
    // a "C" open to the right: the bounding box centre (2, 2) is in the gap
    const c = [[[0, 0], [4, 0], [4, 1], [1, 1], [1, 3], [4, 3], [4, 4], [0, 4], [0, 0]]];
    const [x, y] = labelPoint(c)!;
    const inGap = x! > 1 && y! > 1 && y! < 3;
    expect(inGap).toBe(false);
    expect(x! >= 0 && x! <= 4 && y! >= 0 && y! <= 4).toBe(true);
  });

  it('names big countries from the world view and small ones only closer in', () => {
    expect(byName('Russia').minZoom).toBeLessThanOrEqual(2);
    expect(byName('Brazil').minZoom).toBeLessThanOrEqual(2);
    expect(byName('France').minZoom).toBeGreaterThan(byName('Brazil').minZoom);
    expect(byName('Luxembourg').minZoom).toBeGreaterThan(byName('France').minZoom);
    // largest first: the order labels are placed in when they would overlap
    expect(labels[0]!.name).toBe('Russia');
  });

  it('places each name inside its own country', () => {
    for (const name of ['Brazil', 'Chile', 'Norway', 'Indonesia', 'Kenya', 'Canada']) {
      const [lon, lat] = byName(name).position()!;
      expect(countryAt(lon!, lat!, outlines)?.properties.name).toBe(name);
    }
  });

  it('finds the country a point is in (also past ±180), none at sea', () => {
    expect(countryAt(-47.9, -15.8, outlines)?.properties.name).toBe('Brazil');
    expect(countryAt(-47.9 + 360, -15.8, outlines)?.properties.name).toBe('Brazil');
    expect(countryAt(36.8, -1.3, outlines)?.properties.name).toBe('Kenya');
    expect(countryAt(-30, 0, outlines)).toBeNull();
  });

  it('keeps the labels that do not overlap an earlier one', () => {
    const box = (key: string, x: number, y: number) => ({ key, x, y, width: 60, height: 14 });
    expect(placeLabels([box('a', 100, 100), box('b', 130, 105), box('c', 100, 130), box('d', 300, 100)]).map((p) => p.key)).toEqual(['a', 'c', 'd']);
    // a label with other places to go takes the first that is free
    expect(placeLabels([box('a', 100, 100), { ...box('b', 110, 100), alternatives: [{ x: 120, y: 104 }, { x: 110, y: 160 }] }])).toEqual([
      { key: 'a', x: 100, y: 100 },
      { key: 'b', x: 110, y: 160 },
    ]);
  });

  it('names a country a view shows part of at the middle of its part, the larger parts first', () => {
    const samples = [
      { key: 'BR', x: 10, y: 10 }, { key: 'BR', x: 50, y: 10 }, { key: 'BR', x: 90, y: 10 }, { key: 'BR', x: 50, y: 50 },
      { key: 'PY', x: 90, y: 90 },
    ];
    expect(labelsInView(samples)).toEqual([
      { key: 'BR', points: [{ x: 50, y: 10 }, { x: 50, y: 50 }, { x: 10, y: 10 }, { x: 90, y: 10 }] },
      { key: 'PY', points: [{ x: 90, y: 90 }] },
    ]);
  });
});
