import countries from 'i18n-iso-countries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boundarySchema, countryProfileSchema, countryUpdateSchema, forensicDiffSchema, latestForensicFeedSchema, legacyForensicSchema, paginated,
  projectForensicsSchema, satelliteMetricsSchema, type LegacyForensic, type SatelliteMetrics,
} from '../../shared/api';
import { isoWeek } from '../calendar';
import { COUNTRIES } from '../generator/world';
import { TEST_TODAY, compareText, fetchAll, loadMarket, startTestService, type LoadedMarket, type TestService } from '../test-fixture';

let t: TestService;
let m: LoadedMarket;
let legacy: LegacyForensic[];
beforeAll(async () => {
  t = await startTestService();
  m = await loadMarket(t);
  legacy = await fetchAll(t, legacyForensicSchema, '/v1/forensics/?per_page=200');
});
afterAll(() => t.stop());

describe('forensics', () => {
  it('lists legacy analyses by -run_date with filters', async () => {
    expect(legacy.length).toBeGreaterThan(0);
    expect(legacy.map((l) => l.run_date)).toEqual([...legacy.map((l) => l.run_date)].sort().reverse());
    const one = legacy[0]!;
    const cases: [string, (l: LegacyForensic) => boolean][] = [
      [`project_id=${one.project_id}`, (l) => l.project_id === one.project_id],
      [`registry=${one.registry!.toLowerCase()}`, (l) => l.registry === one.registry],
      [`country=${encodeURIComponent(one.country!)}`, (l) => l.country === one.country],
      ['status=success', (l) => l.status === 'success'],
      ['min_findings=3', (l) => (l.num_findings ?? 0) >= 3],
    ];
    for (const [q, keep] of cases) expect((await t.parse(paginated(legacyForensicSchema), `/v1/forensics/?${q}`)).pagination.total_entries, q).toBe(legacy.filter(keep).length);
    const byName = await fetchAll(t, legacyForensicSchema, '/v1/forensics/?per_page=200&sort=project_name');
    expect(byName.map((l) => l.id)).toEqual([...legacy].sort((a, b) => compareText(a.project_name!, b.project_name!) || a.id - b.id).map((l) => l.id));
    expect((await t.get('/v1/forensics/?status=done')).status).toBe(422);
    expect((await t.get('/v1/forensics/?sort=nope')).status).toBe(422);
  });

  it('answers the latest feed, newest first, with the current ISO week', async () => {
    const feed = await t.parse(latestForensicFeedSchema, '/v1/forensics/v2/latest?limit=200');
    const { week, year } = isoWeek(TEST_TODAY);
    expect([feed.week, feed.year]).toEqual([week, year]);
    expect(feed.entries.length).toBe(Math.min(200, feed.total_count));
    const seen = feed.entries.map((e) => e.first_seen_date!);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(feed.new_this_week_count).toBeGreaterThan(0);
    expect(feed.entries.filter((e) => e.is_new_this_week).every((e) => e.first_seen_week === week && e.first_seen_year === year)).toBe(true);
    const small = await t.parse(latestForensicFeedSchema, '/v1/forensics/v2/latest?limit=3&category=regulatory');
    expect(small.entries.length).toBeLessThanOrEqual(3);
    expect(small.entries.every((e) => e.category === 'regulatory')).toBe(true);
    for (const bad of ['limit=0', 'limit=201', 'limit=x']) expect((await t.get(`/v1/forensics/v2/latest?${bad}`)).status).toBe(422);
  });

  it('answers a project view with entries sorted most recent first, falls back to legacy, 404 without data', async () => {
    const feed = await t.parse(latestForensicFeedSchema, '/v1/forensics/v2/latest?limit=200');
    const fresh = feed.entries.find((e) => e.is_new_this_week)!;
    const view = await t.parse(projectForensicsSchema, `/v1/forensics/v2/${fresh.project_id}`);
    expect(view.memo?.project_id).toBe(fresh.project_id);
    expect(view.entries.map((e) => e.first_seen_date)).toEqual(view.entries.map((e) => e.first_seen_date).sort().reverse());
    expect(view.stats.total_entries).toBe(view.entries.length);
    expect(view.stats.new_this_week).toBe(view.entries.filter((e) => e.is_new_this_week).length);

    const v2Ids = new Set(feed.entries.map((e) => e.project_id));
    const legacyOnly = legacy.find((l) => !v2Ids.has(l.project_id) && l.status !== 'failed');
    if (legacyOnly && feed.total_count <= 200) {
      const fallback = await t.parse(projectForensicsSchema, `/v1/forensics/v2/${legacyOnly.project_id}`);
      expect(fallback.memo?.scan_type).toBe('legacy');
      expect(fallback.entries.length).toBe(legacyOnly.num_findings);
    }
    const none = m.projects.find((p) => !v2Ids.has(p.project_id) && !legacy.some((l) => l.project_id === p.project_id))!;
    const r = await t.get(`/v1/forensics/v2/${none.project_id}`);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ detail: { code: 'not_found' } });
  });

  it('answers the weekly diff for the current week by default, and null for a week without one', async () => {
    const feed = await t.parse(latestForensicFeedSchema, '/v1/forensics/v2/latest?limit=200');
    const fresh = feed.entries.find((e) => e.is_new_this_week)!;
    const diff = forensicDiffSchema.parse(await t.getOk(`/v1/forensics/v2/${fresh.project_id}/diff`));
    expect(diff.week_number).toBe(feed.week);
    expect(diff.new_entries_count).toBe(diff.new_entries.length);
    expect(diff.new_entries.map((e) => e.id)).toContain(fresh.id);
    const explicit = await t.getOk(`/v1/forensics/v2/${fresh.project_id}/diff?week=${feed.week}&year=${feed.year}`);
    expect(explicit).toEqual(await t.getOk(`/v1/forensics/v2/${fresh.project_id}/diff`));
    const r = await t.get(`/v1/forensics/v2/${fresh.project_id}/diff?week=1&year=2001`);
    expect(r.status).toBe(200);
    expect(r.body).toBeNull();
    expect((await t.get(`/v1/forensics/v2/${fresh.project_id}/diff?week=54`)).status).toBe(422);
    expect((await t.get('/v1/forensics/v2/NOPE-1/diff')).status).toBe(404);
  });
});

describe('satellite', () => {
  let all: SatelliteMetrics[];
  beforeAll(async () => {
    all = await t.parse(satelliteMetricsSchema.array(), '/v1/satellite/?has_boundary=false&limit=1000');
  });

  it('lists metrics as a plain array with limit/offset, has_boundary defaulting to true', async () => {
    expect(all.length).toBeGreaterThan(0);
    const withBoundary = all.filter((s) => s.has_boundary);
    const def = await t.parse(satelliteMetricsSchema.array(), '/v1/satellite/?limit=1000');
    expect(def.map((s) => s.project_id)).toEqual(withBoundary.map((s) => s.project_id));
    const page2 = await t.parse(satelliteMetricsSchema.array(), '/v1/satellite/?limit=2&offset=2');
    expect(page2.map((s) => s.project_id)).toEqual(withBoundary.slice(2, 4).map((s) => s.project_id));
    const high = await t.parse(satelliteMetricsSchema.array(), '/v1/satellite/?risk_level=HIGH&has_boundary=false&limit=1000');
    expect(high.length).toBe(all.filter((s) => s.risk_level === 'HIGH').length);
    const raw = (await t.getOk<Record<string, unknown>[]>('/v1/satellite/?limit=1'))[0]!;
    expect(Object.keys(raw).sort()).toEqual(Object.keys(satelliteMetricsSchema.parse(raw)).sort());
    for (const bad of ['limit=0', 'limit=1001', 'offset=-1', 'risk_level=EXTREME', 'has_boundary=perhaps']) expect((await t.get(`/v1/satellite/?${bad}`)).status, bad).toBe(422);
  });

  it('answers boundaries as RFC 7946 FeatureCollections inside the country box, 404 without one', async () => {
    for (const s of all.filter((x) => x.has_boundary)) {
      const r = await t.get(`/v1/satellite/${s.project_id}/boundary`);
      expect(r.headers.get('content-type')).toMatch(/^application\/geo\+json/);
      const fc = boundarySchema.parse(r.body);
      const geometry = fc.features[0]!.geometry;
      expect(geometry.type).toBe('Polygon');
      const ring = (geometry.coordinates as number[][][])[0]!;
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      let area2 = 0;
      for (let i = 0; i < ring.length - 1; i++) area2 += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
      expect(area2, 'counter-clockwise exterior ring').toBeGreaterThan(0);
      const country = COUNTRIES.find((c) => c.name === m.projectById.get(s.project_id)!.country)!;
      for (const [lon, lat] of ring) {
        expect(lon! >= country.bbox[0] && lon! <= country.bbox[2] && lat! >= country.bbox[1] && lat! <= country.bbox[3]).toBe(true);
      }
    }
    const without = all.find((x) => !x.has_boundary) ?? { project_id: 'NOPE-1' };
    expect((await t.get(`/v1/satellite/${without.project_id}/boundary`)).status).toBe(404);
  });
});

describe('countries', () => {
  it('has a profile for every project country, with totals from its projects', async () => {
    const names = [...new Set(m.projects.map((p) => p.country!))];
    // The world's own code where the library does not know the name as registries write it ("Viet Nam").
    const codeOf = (name: string) => COUNTRIES.find((c) => c.name === name)?.code ?? countries.getAlpha2Code(name, 'en');
    expect(names.some((n) => COUNTRIES.find((c) => c.name === n)?.code)).toBe(true);
    for (const name of names) {
      const code = codeOf(name);
      expect(code, name).toBeTruthy();
      const profile = await t.parse(countryProfileSchema, `/v1/countries/${code!.toLowerCase()}`);
      const mine = m.projects.filter((p) => p.country === name);
      expect(profile.country_code).toBe(code);
      expect(profile.total_projects).toBe(mine.length);
      expect(profile.total_credits_issued).toBe(mine.reduce((s, p) => s + p.issued!, 0));
      expect(profile.total_credits_retired).toBe(mine.reduce((s, p) => s + p.retired!, 0));
    }
    const code = codeOf(names[0]!)!;
    const raw = await t.getOk<Record<string, unknown>>(`/v1/countries/${code}`);
    expect(Object.keys(raw).sort()).toEqual(Object.keys(countryProfileSchema.parse(raw)).sort());
  });

  it('answers updates most recent first with a limit; 404 for unknown codes', async () => {
    const code = (COUNTRIES.find((c) => c.name === m.projects[0]!.country)?.code ?? countries.getAlpha2Code(m.projects[0]!.country!, 'en'))!;
    const updates = await t.parse(countryUpdateSchema.array(), `/v1/countries/${code}/updates`);
    expect(updates.length).toBeGreaterThan(0);
    expect(updates.map((u) => u.date)).toEqual(updates.map((u) => u.date).sort().reverse());
    expect((await t.parse(countryUpdateSchema.array(), `/v1/countries/${code}/updates?limit=1`)).length).toBe(1);
    expect((await t.get(`/v1/countries/${code}/updates?limit=101`)).status).toBe(422);
    for (const bad of ['XX', 'ZZ', 'USA', '1']) expect((await t.get(`/v1/countries/${bad}`)).status, bad).toBe(404);
    expect((await t.get('/v1/countries/ZZ/updates')).status).toBe(404);
  });
});
