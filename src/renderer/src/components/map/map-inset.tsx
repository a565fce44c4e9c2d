/**
 * The locator inset: the world from the bundled 1:110m outlines with the main map's view outlined
 * on it (a marked point when the view is too small to draw), so a map zoomed in on one project
 * still says where on Earth it is. Drawn as one SVG path; no network.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Geometry, Position } from 'geojson';
import { loadInsetOutlines, type CountryOutline } from './basemap';

const WIDTH = 168;
const HEIGHT = 100;
const TOP_LAT = 80;
const BOTTOM_LAT = -58;

const merc = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (Math.max(-85, Math.min(85, lat)) * Math.PI) / 360));
const Y_TOP = merc(TOP_LAT);
const Y_BOTTOM = merc(BOTTOM_LAT);

/** Inset pixels of a longitude / latitude (longitudes past ±180 wrap). */
export function insetPoint(lon: number, lat: number): [number, number] {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  return [((wrapped + 180) / 360) * WIDTH, ((Y_TOP - merc(lat)) / (Y_TOP - Y_BOTTOM)) * HEIGHT];
}

function pathOf(geometry: Geometry | null): string {
  const polygons: Position[][][] = !geometry ? [] : geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  let d = '';
  for (const polygon of polygons) {
    for (const ring of polygon) {
      ring.forEach((p, i) => {
        // unwrapped rings (past 180) are drawn where they are, not wrapped across the inset
        const x = ((p[0]! + 180) / 360) * WIDTH;
        const y = ((Y_TOP - merc(p[1]!)) / (Y_TOP - Y_BOTTOM)) * HEIGHT;
        d += `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`;
      });
      d += 'Z';
    }
  }
  return d;
}

export interface InsetView {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function MapInset({ view, place }: { view: InsetView; place: string | null }) {
  const [outlines, setOutlines] = useState<CountryOutline[] | null>(null);
  useEffect(() => {
    let alive = true;
    loadInsetOutlines()
      .then((fc) => alive && setOutlines(fc.features))
      .catch(() => alive && setOutlines([]));
    return () => {
      alive = false;
    };
  }, []);
  const land = useMemo(() => (outlines ?? []).map((f) => pathOf(f.geometry)).join(''), [outlines]);
  const [x0, y0] = insetPoint(view.west, view.north);
  const [x1, y1] = insetPoint(view.east, view.south);
  const w = x1 - x0;
  const h = y1 - y0;
  const small = w < 6 || h < 6 || w < 0;
  const cx = small ? insetPoint((view.west + view.east) / 2, (view.south + view.north) / 2) : null;
  return (
    <div className="map-inset" data-testid="map-inset" aria-label={`Locator: the map shows ${place ?? 'this area'}`} role="img">
      <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true">
        <rect className="map-inset-sea" x={0} y={0} width={WIDTH} height={HEIGHT} />
        <path className="map-inset-land" d={land} />
        {cx ? (
          <>
            <circle className="map-inset-mark" cx={cx[0]} cy={cx[1]} r={4} />
            <circle className="map-inset-dot" cx={cx[0]} cy={cx[1]} r={1.6} />
          </>
        ) : (
          <rect className="map-inset-view" x={x0} y={y0} width={w} height={h} />
        )}
      </svg>
      {place ? <div className="map-inset-place">{place}</div> : null}
    </div>
  );
}
