/**
 * CarbonMap: a Leaflet map that works with no network. The basemap is drawn from bundled Natural
 * Earth outlines, with the countries' names placed where they fit at each zoom, a scale bar, and a
 * locator inset naming the country in view once the map is zoomed in past the world; project
 * boundaries (validated GeoJSON) are drawn on a canvas renderer so
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
import { countryAt, countryLabels, LABEL_HEIGHT_PX, labelsInView, labelWidth, outlineBox, placeLabels, type LabelBox, type ViewSample } from './country-labels';
import { MapInset, type InsetView } from './map-inset';
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
  /** How close the map zooms when it fits the boundaries (a single project's page zooms closer than an overview). */
  fitMaxZoom?: number;
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
/** From this zoom the world is no longer in view: the locator inset shows where the map is. */
const INSET_ZOOM = 3.5;
/** Zoomed in at least this far, a country whose name point is out of view is named where it is in view. */
const IN_VIEW_LABEL_ZOOM = 3;
/** Spacing in pixels of the points that find which countries a view shows. */
const VIEW_SAMPLE_PX = 56;

export function CarbonMap(props: CarbonMapProps) {
  const { boundaries, riskLevel, projectId, onSelectProject, selectedProjectId, choropleth, onlineTiles, height = 420, label = 'Map', fitMaxZoom = 7 } = props;
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
  const labelLayer = useRef<L.LayerGroup | null>(null);
  const [view, setView] = useState<{ zoom: number; bounds: InsetView; place: string | null; labels: number } | null>(null);
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
    // the countries' names: above the land, under the project boundaries, never in the way of a click
    const labelsPane = map.createPane('labels');
    labelsPane.style.zIndex = '350';
    labelsPane.style.pointerEvents = 'none';
    L.control.scale({ imperial: false, position: 'bottomleft', maxWidth: 120 }).addTo(map);
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
      labelLayer.current = null;
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

  // the countries' names that fit at this zoom, and what the view is centred on
  const labels = useMemo(() => (outlines ? countryLabels(outlines) : []), [outlines]);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !outlines) return;
    // a marker per country, made the first time its name is shown
    const markers = new Map<string, L.Marker>();
    const markerOf = (key: string, name: string, at: L.LatLngExpression) => {
      let marker = markers.get(key);
      if (!marker) {
        marker = L.marker(at, {
          pane: 'labels',
          interactive: false,
          keyboard: false,
          icon: L.divIcon({ className: 'map-country-label', html: escapeHtml(name), iconSize: [labelWidth(name), LABEL_HEIGHT_PX] }),
        });
        markers.set(key, marker);
      } else marker.setLatLng(at);
      return marker;
    };
    const boxes = outlines.map((f) => ({ f, box: outlineBox(f), key: f.id === undefined ? (f.properties?.name ?? '') : String(f.id) }));
    const layer = L.layerGroup().addTo(map);
    labelLayer.current = layer;
    const update = () => {
      const zoom = map.getZoom();
      const size = map.getSize();
      const b = map.getBounds();
      const [west, south, east, north] = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
      const candidates: Array<LabelBox & { name: string; at?: L.LatLngExpression }> = [];
      const pointInView = new Set<string>();
      for (const l of labels) {
        // only the countries this view shows: their names fit at this zoom and their box meets the view
        if (l.minZoom > zoom + 0.01 || l.bbox[0] > east || l.bbox[2] < west || l.bbox[1] > north || l.bbox[3] < south) continue;
        const at = l.position();
        if (!at) continue;
        const p = map.latLngToContainerPoint([at[1]!, at[0]!]);
        const width = labelWidth(l.name);
        if (p.x < width / 2 || p.x > size.x - width / 2 || p.y < LABEL_HEIGHT_PX || p.y > size.y - LABEL_HEIGHT_PX) continue;
        pointInView.add(l.key);
        candidates.push({ key: l.key, x: p.x, y: p.y, width, height: LABEL_HEIGHT_PX, name: l.name, at: [at[1]!, at[0]!] });
      }
      // zoomed in, a country may fill the view while its name point is far away: name it where it is seen
      if (zoom >= IN_VIEW_LABEL_ZOOM) {
        const near = boxes.filter(({ box }) => box[0] <= east + 360 && box[2] >= west - 360 && box[1] <= north && box[3] >= south);
        const nearOutlines = near.map((n) => n.f);
        const keyOf = new Map(near.map((n) => [n.f, n.key]));
        const samples: ViewSample[] = [];
        for (let x = VIEW_SAMPLE_PX / 2; x < size.x; x += VIEW_SAMPLE_PX) {
          for (let y = VIEW_SAMPLE_PX / 2; y < size.y; y += VIEW_SAMPLE_PX) {
            const ll = map.containerPointToLatLng([x, y]);
            const f = countryAt(ll.lng, ll.lat, nearOutlines);
            const key = f ? keyOf.get(f) : undefined;
            if (f && key !== undefined && !pointInView.has(key)) samples.push({ key, x, y });
          }
        }
        const names = new Map(near.map((n) => [n.key, n.f.properties?.name ?? '']));
        for (const group of labelsInView(samples)) {
          const name = names.get(group.key);
          if (!name) continue;
          const width = labelWidth(name);
          const points = group.points.map((p) => ({ x: Math.max(width / 2 + 2, Math.min(size.x - width / 2 - 2, p.x)), y: p.y }));
          candidates.push({ key: group.key, ...points[0]!, alternatives: points.slice(1), width, height: LABEL_HEIGHT_PX, name });
        }
      }
      // the legend and the inset cover the map's corners: no name under them
      const root = holder.current?.parentElement;
      const origin = holder.current?.getBoundingClientRect();
      const covers: LabelBox[] = origin
        ? [...(root?.querySelectorAll('.map-legend, .map-inset, .leaflet-control-zoom, .leaflet-control-scale, .leaflet-control-attribution') ?? [])].map((el, i) => {
            const r = el.getBoundingClientRect();
            return { key: `\u0000cover${i}`, x: r.left - origin.left + r.width / 2, y: r.top - origin.top + r.height / 2, width: r.width, height: r.height };
          })
        : [];
      // nor over the few project boundaries a close view shows (an overview's many are left to overlap)
      const shown: L.LatLngBounds[] = [];
      boundaryLayer.current?.eachLayer((l) => {
        const lb = (l as L.Polygon).getBounds?.();
        if (lb?.isValid() && b.intersects(lb)) shown.push(lb);
      });
      if (shown.length <= 24) {
        shown.forEach((lb, i) => {
          const nw = map.latLngToContainerPoint(lb.getNorthWest());
          const se = map.latLngToContainerPoint(lb.getSouthEast());
          covers.push({ key: `\u0000boundary${i}`, x: (nw.x + se.x) / 2, y: (nw.y + se.y) / 2, width: Math.abs(se.x - nw.x) + 8, height: Math.abs(se.y - nw.y) + 8 });
        });
      }
      const placed = placeLabels([...covers, ...candidates]);
      const byKey = new Map(candidates.map((c) => [c.key, c]));
      const keep = new Map(placed.filter((p) => byKey.has(p.key)).map((p) => [p.key, p]));
      for (const [key, marker] of markers) if (!keep.has(key)) layer.removeLayer(marker);
      for (const [key, p] of keep) {
        const c = byKey.get(key)!;
        layer.addLayer(markerOf(key, c.name, c.at && p.x === c.x && p.y === c.y ? c.at : map.containerPointToLatLng([p.x, p.y])));
      }
      const centre = map.getCenter();
      setView({
        zoom,
        bounds: { west, south, east, north },
        place: countryAt(centre.lng, centre.lat, outlines)?.properties?.name ?? null,
        labels: keep.size,
      });
    };
    map.on('moveend', update);
    map.on('zoomend', update);
    update();
    return () => {
      map.off('moveend', update);
      map.off('zoomend', update);
      layer.remove();
      labelLayer.current = null;
    };
  }, [labels, outlines]);

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
    if (target.isValid()) map.fitBounds(target, { padding: [24, 24], maxZoom: fitMaxZoom, animate: false });
    showDots();
    return () => {
      map.off('zoomend', showDots);
    };
  }, [checked, theme, riskLevel, projectId, selectedProjectId, fitMaxZoom]);

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
      <div
        ref={holder}
        className="carbon-map-canvas"
        role="region"
        aria-label={label}
        data-testid="carbon-map"
        data-boundaries={totalBoundaries}
        data-basemap={outlines ? outlines.length : 0}
        data-labels={view?.labels ?? 0}
        data-zoom={view ? view.zoom.toFixed(2) : ''}
        data-place={view?.place ?? ''}
      />
      {view && view.zoom >= INSET_ZOOM ? <MapInset view={view.bounds} place={view.place} /> : null}
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
