import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS } from '../../shared/testing/hostile-strings';
import { BOUNDARY_METRIC_FIELDS, BOUNDARY_PROJECT_FIELDS, writeBoundaries } from './geojson-export';
import { rfc7946Problems } from './geojson-geometry';

const square = { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] };

function sink() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, cb) {
      chunks.push(Buffer.from(chunk));
      setImmediate(cb);
    },
  });
  return { out, text: () => Buffer.concat(chunks).toString('utf8') };
}

describe('GeoJSON export with hostile text', () => {
  it('writes valid JSON whose feature properties hold every value exactly as cached (no formula prefix, no quoting)', async () => {
    const rows = HOSTILE_STRINGS.map(([, text], i) => ({
      boundary_project_id: `VCS-${i}`,
      geojson: JSON.stringify({ type: 'Feature', geometry: square, properties: { source_note: text } }),
      name: text, registry: 'verra', proponent: text, category: 'forest', project_type: 'REDD+', status: 'registered', country: text,
      issued: i, retired: null, unretired: null,
      risk_level: text, loss_by_year: JSON.stringify({ 2020: 1.5 }),
    }));
    const { out, text } = sink();
    const result = await writeBoundaries(rows, out);
    expect(result).toEqual({ rows: rows.length, features: rows.length, skipped: [] });
    const collection = JSON.parse(text()) as { type: string; features: Array<{ id: string; properties: Record<string, unknown> }> };
    expect(rfc7946Problems(collection)).toEqual([]);
    expect(collection.features).toHaveLength(rows.length);
    HOSTILE_STRINGS.forEach(([what, value], i) => {
      const p = collection.features[i]!.properties;
      expect(collection.features[i]!.id).toBe(`VCS-${i}`);
      expect(p, what).toMatchObject({ project_id: `VCS-${i}`, name: value, proponent: value, country: value, risk_level: value, source_note: value, issued: i, retired: null });
      expect(p['loss_by_year']).toEqual({ 2020: 1.5 });
      expect(Object.keys(p)).toEqual(['source_note', ...BOUNDARY_PROJECT_FIELDS, ...BOUNDARY_METRIC_FIELDS]);
    });
  });
});
