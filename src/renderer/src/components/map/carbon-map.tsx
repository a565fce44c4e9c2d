/**
 * CarbonMap: a Leaflet map that works with no network. The basemap is drawn from bundled Natural
 * Earth outlines; project boundaries (validated GeoJSON) are drawn on a canvas renderer so
 * thousands of polygons stay smooth, coloured by satellite risk level, with a legend. Clicking a
 * boundary reports its project id. In choropleth mode the countries are coloured by a value per
 * ISO alpha-2 code (credits issued) and clicking one reports its code. Online tiles are an option
 * a caller turns on explicitly (and the CSP must allow the tile origin); they are off by default.
 */
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useResolvedTheme } from '../../stores/theme';
import { checkBoundaries, countByRisk, projectIdOf, riskOf, type BoundaryFeature } from './boundary-features';
import { loadCountryOutlines, type CountryOutline } from './basemap';
import { alpha2OfNumeric, classBreaks, classColour, classOf, numericCodeOf } from './choropleth';
import { RISK_KEYS, RISK_LABELS, riskColour, type MapTheme } from './risk-levels';
import './map.css';

export interface ChoroplethSpec {
  /** Value per ISO 3166-1 alpha-2 code. */
  values: Record<string, number>;
  /** What the value is, for the legend and tooltips (e.g. "Credits issued"). */
  label: string;
  onSelectCountry?: (alpha2: string) => void;
}

export interface OnlineTiles {
  url: string;
  attribution: string;
}

export interface CarbonMapProps {
  /** A GeoJSON FeatureCollection (or Feature) of project boundaries; validated before drawing. */
  boundaries?: unknown;
  /** Colour every boundary by this risk level (e.g. one project's metrics) instead of its properties. */
  riskLevel?: string | null;
  /** Project id for features that carry neither `properties.project_id` nor an id. */
  projectId?: string;
  onSelectProject?: (projectId: string) => void;
  selectedProjectId?: string | null;
  choropleth?: ChoroplethSpec;
  /** Tiles from a server; only when given, behind a switch that starts off. */
  onlineTiles?: OnlineTiles;
  height?: number | string;
  /** Accessible name of the map region. */
  label?: string;
}

interface Palette {
  land: string;
  landLine: string;
  sea: string;
}

function readPalette(el: HTMLElement): Palette {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return { land: v('--map-land', '#e9ecef'), landLine: v('--map-land-line', '#b9c1ca'), sea: v('--map-sea', '#d6e4ee') };
}

const fmt = new Intl.NumberFormat('en-US');
/** Below this zoom every boundary also shows as a dot at its centre. */
const DOT_ZOOM = 5;

export function CarbonMap(props: CarbonMapProps) {
  const { boundaries, riskLevel, projectId, onSelectProject, selectedProjectId, choropleth, onlineTiles, height = 420, label = 'Map' } = props;
  const theme: MapTheme = useResolvedTheme();
  const holder = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const basemapLayer = useRef<L.GeoJSON | null>(null);
  const boundaryLayer = useRef<L.GeoJSON | null>(null);
  const dotLayer = useRef<L.LayerGroup | null>(null);
  const tileLayer = useRef<L.TileLayer | null>(null);
  const [outlines, setOutlines] = useState<CountryOutline[] | null>(null);
  const [basemapError, setBasemapError] = useState<string | null>(null);
  const [tilesOn, setTilesOn] = useState(false);
  const callbacks = useRef({ onSelectProject, onSelectCountry: choropleth?.onSelectCountry });
  callbacks.current = { onSelectProject, onSelectCountry: choropleth?.onSelectCountry };

  const checked = useMemo(() => checkBoundaries(boundaries), [boundaries]);
  const counts = useMemo(() => countByRisk(checked.features, riskLevel), [checked, riskLevel]);
  const breaks = useMemo(() => (choropleth ? classBreaks(Object.values(choropleth.values)) : []), [choropleth]);
  const valueByNumeric = useMemo(() => {
    const out = new Map<string, { alpha2: string; value: number }>();
    for (const [alpha2, value] of Object.entries(choropleth?.values ?? {})) {
      const numeric = numericCodeOf(alpha2);
      if (numeric) out.set(numeric, { alpha2: alpha2.toUpperCase(), value });
    }
    return out;
  }, [choropleth]);

  // the map itself, once
  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    const map = L.map(el, {
      preferCanvas: true,
      renderer: L.canvas({ padding: 0.5 }),
      worldCopyJump: false,
      minZoom: 1,
      maxZoom: 16,
      maxBounds: [[-89, -240], [89, 240]],
      attributionControl: true,
      zoomSnap: 0.25,
    });
    map.attributionControl.setPrefix(false);
    map.attributionControl.addAttribution('Natural Earth');
    map.createPane('basemap').style.zIndex = '250';
    map.fitBounds([[-50, -150], [72, 170]]);
    mapRef.current = map;
    const resize = new ResizeObserver(() => map.invalidateSize({ animate: false }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      // a view change still animating when the view unmounts would touch removed panes
      map.stop();
      map.off();
      map.remove();
      mapRef.current = null;
      basemapLayer.current = null;
      boundaryLayer.current = null;
      dotLayer.current = null;
      tileLayer.current = null;
    };
  }, []);

  // bundled outlines
  useEffect(() => {
    let alive = true;
    loadCountryOutlines()
      .then((fc) => alive && setOutlines(fc.features))
      .catch((err: unknown) => alive && setBasemapError(`The bundled country outlines could not be read: ${err instanceof Error ? err.message : String(err)}`));
    return () => {
      alive = false;
    };
  }, []);

  // basemap (or choropleth) layer
  useEffect(() => {
    const map = mapRef.current;
    const el = holder.current;
    if (!map || !el || !outlines) return;
    basemapLayer.current?.remove();
    const palette = readPalette(el);
    el.style.background = palette.sea;
    const layer = L.geoJSON(
      { type: 'FeatureCollection', features: outlines } as GeoJSON.FeatureCollection,
      {
        pane: 'basemap',
        // each path takes its renderer from these options: the basemap gets its own canvas
        ...({ renderer: L.canvas({ pane: 'basemap', padding: 0.5 }) } as L.GeoJSONOptions),
        interactive: Boolean(choropleth),
        style: (f) => {
          const base = { color: palette.landLine, weight: 0.6, fillOpacity: 1, fillColor: palette.land };
          if (!choropleth || !f) return base;
          const hit = valueByNumeric.get(String(f.id));
          const cls = classOf(hit?.value, breaks);
          return cls < 0 ? base : { ...base, fillColor: classColour(cls, breaks.length, theme) };
        },
        onEachFeature: (f: CountryOutline, lyr) => {
          if (!choropleth) return;
          const hit = valueByNumeric.get(String(f.id));
          const name = f.properties?.name ?? 'Unknown';
          lyr.bindTooltip(`${escapeHtml(name)}: ${hit ? fmt.format(hit.value) : 'no data'}`, { sticky: true });
          lyr.on('click', () => {
            const code = hit?.alpha2 ?? alpha2OfNumeric(f.id as string | undefined);
            if (code) callbacks.current.onSelectCountry?.(code);
          });
        },
      },
    );
    layer.addTo(map);
    basemapLayer.current = layer;
  }, [outlines, theme, choropleth, valueByNumeric, breaks]);

  // project boundaries
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    boundaryLayer.current?.remove();
    boundaryLayer.current = null;
    dotLayer.current?.remove();
    dotLayer.current = null;
    if (checked.features.length === 0) return;
    const dots = L.layerGroup();
    const layer = L.geoJSON({ type: 'FeatureCollection', features: checked.features } as GeoJSON.FeatureCollection, {
      style: (f) => {
        const feature = f as BoundaryFeature;
        const colour = riskColour(riskOf(feature, riskLevel), theme);
        const selected = selectedProjectId != null && projectIdOf(feature, projectId ?? null) === selectedProjectId;
        return { color: selected ? (theme === 'dark' ? '#ffffff' : '#111111') : colour, weight: selected ? 3 : 1.5, fillColor: colour, fillOpacity: 0.45 };
      },
      onEachFeature: (f, lyr) => {
        const feature = f as BoundaryFeature;
        const id = projectIdOf(feature, projectId ?? null);
        const risk = RISK_LABELS[riskOf(feature, riskLevel)];
        lyr.bindTooltip(`${escapeHtml(id ?? 'Boundary')} · risk ${escapeHtml(risk)}`, { sticky: true });
        lyr.on('click', () => {
          if (id) callbacks.current.onSelectProject?.(id);
        });
      },
    });
    // Far out a polygon is a few pixels: each boundary also gets a dot at its centre, shown below
    // DOT_ZOOM, so every project stays visible (and clickable) at every zoom.
    layer.eachLayer((l) => {
      const feature = (l as L.Polygon & { feature?: BoundaryFeature }).feature;
      if (!feature) return;
      const id = projectIdOf(feature, projectId ?? null);
      const colour = riskColour(riskOf(feature, riskLevel), theme);
      const dot = L.circleMarker((l as L.Polygon).getBounds().getCenter(), {
        radius: 4, color: theme === 'dark' ? '#0f1418' : '#ffffff', weight: 1, fillColor: colour, fillOpacity: 0.95,
      });
      dot.bindTooltip(`${escapeHtml(id ?? 'Boundary')} · risk ${escapeHtml(RISK_LABELS[riskOf(feature, riskLevel)])}`);
      dot.on('click', () => {
        if (id) callbacks.current.onSelectProject?.(id);
      });
      dots.addLayer(dot);
    });
    const showDots = () => {
      if (map.getZoom() < DOT_ZOOM) dots.addTo(map);
      else dots.remove();
    };
    map.on('zoomend', showDots);
    layer.addTo(map);
    boundaryLayer.current = layer;
    dotLayer.current = dots;
    // zoom to the selected project's boundary when there is one, else to all of them
    let target: L.LatLngBounds = layer.getBounds();
    if (selectedProjectId != null) {
      layer.eachLayer((l) => {
        const f = (l as L.Polygon & { feature?: BoundaryFeature }).feature;
        if (f && projectIdOf(f, projectId ?? null) === selectedProjectId) target = (l as L.Polygon).getBounds();
      });
    }
    if (target.isValid()) map.fitBounds(target, { padding: [24, 24], maxZoom: 7, animate: false });
    showDots();
    return () => {
      map.off('zoomend', showDots);
    };
  }, [checked, theme, riskLevel, projectId, selectedProjectId]);

  // optional online tiles
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    tileLayer.current?.remove();
    tileLayer.current = null;
    if (onlineTiles && tilesOn) {
      tileLayer.current = L.tileLayer(onlineTiles.url, { attribution: escapeHtml(onlineTiles.attribution), maxZoom: 18 }).addTo(map);
    }
  }, [onlineTiles, tilesOn]);

  const totalBoundaries = checked.features.length;
  return (
    <div className="carbon-map" style={{ height }}>
      <div ref={holder} className="carbon-map-canvas" role="region" aria-label={label} data-testid="carbon-map" data-boundaries={totalBoundaries} data-basemap={outlines ? outlines.length : 0} />
      {choropleth ? (
        <div className="map-legend" data-testid="map-legend">
          <div className="map-legend-title">{choropleth.label}</div>
          {breaks.map((b, i) => (
            <div key={b} className="map-legend-row">
              <span className="map-swatch" style={{ background: classColour(i, breaks.length, theme) }} />
              {i === 0 ? `≤ ${fmt.format(b)}` : `${fmt.format(breaks[i - 1]! + 1)} – ${fmt.format(b)}`}
            </div>
          ))}
          <div className="map-legend-row">
            <span className="map-swatch map-swatch-none" />
            No data
          </div>
        </div>
      ) : totalBoundaries > 0 ? (
        <div className="map-legend" data-testid="map-legend">
          <div className="map-legend-title">Satellite risk</div>
          {RISK_KEYS.filter((k) => k !== 'UNKNOWN' || counts.UNKNOWN > 0).map((k) => (
            <div key={k} className="map-legend-row">
              <span className="map-swatch" style={{ background: riskColour(k, theme) }} />
              {RISK_LABELS[k]}
              <span className="map-legend-count">{fmt.format(counts[k])}</span>
            </div>
          ))}
        </div>
      ) : null}
      {onlineTiles ? (
        <label className="map-tiles-switch">
          <input type="checkbox" checked={tilesOn} onChange={(e) => setTilesOn(e.target.checked)} /> Online tiles
        </label>
      ) : null}
      {checked.problem || basemapError ? (
        <div className="map-problem" role="alert">
          {basemapError ?? checked.problem}
        </div>
      ) : null}
    </div>
  );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
