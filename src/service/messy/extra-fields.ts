/**
 * Fields no client models, as real services add them over time: every item a messy market serves
 * carries one to three of them (chosen and valued from the seed and the item's own key, so the same
 * item always carries the same extras). Names never collide with the documented fields.
 */
import { forkRng } from '../generator/rng';
import { demoLink } from '../generator/links';

type Extra = (key: string, pick: (n: number) => number) => unknown;

const GENERIC: Record<string, Extra> = {
  x_source_file: (_k, pick) => `export-${2020 + pick(6)}-${String(1 + pick(12)).padStart(2, '0')}.csv`,
  ingested_at: (_k, pick) => `2025-${String(1 + pick(12)).padStart(2, '0')}-${String(1 + pick(28)).padStart(2, '0')}T${String(pick(24)).padStart(2, '0')}:00:00Z`,
  record_version: (_k, pick) => 1 + pick(9),
  quality_flags: (_k, pick) => (pick(3) === 0 ? [] : ['unverified-source', 'manual-fix', 'geo-estimated'].slice(0, 1 + pick(3))),
  internal_notes: (_k, pick) => (pick(2) ? null : 'Reviewed by data team; see ticket'),
  provenance: (key, pick) => ({ system: ['registry-scrape', 'partner-feed', 'manual'][pick(3)], ref: key, confidence: pick(100) / 100 }),
};

/** Kind-specific extras (in addition to the generic ones). */
const BY_KIND: Record<string, Record<string, Extra>> = {
  project: {
    buffer_pool_pct: (_k, pick) => pick(40) / 2,
    methodology_family: (_k, pick) => ['avoided conversion', 'removal', 'reduction', 'destruction'][pick(4)],
    registry_page: (key) => demoLink('registry-mirror', 'projects', key),
  },
  credit: {
    serial_range: (key, pick) => `${key}-${pick(100000)}-${pick(100000) + 100000}`,
    price_usd: (_k, pick) => (pick(3) === 0 ? null : 1 + pick(4000) / 100),
  },
  buyer: { sector: (_k, pick) => ['Aviation', 'Energy', 'Finance', 'Retail', 'Technology'][pick(5)], lei: (key) => `LEI${key.length}${'0'.repeat(10)}` },
  entry: { sentiment_score: (_k, pick) => (pick(200) - 100) / 100 },
  satellite: { sensor: (_k, pick) => ['Sentinel-2', 'Landsat-9', 'PlanetScope'][pick(3)] },
  country: { iso3: (key) => `${key}X`, income_group: (_k, pick) => ['Low', 'Lower-middle', 'Upper-middle', 'High'][pick(4)] },
};

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h | 0;
}

/** The extra fields of one item of `kind` identified by `key`. */
export function extraFields(seed: number, kind: string, key: string): Record<string, unknown> {
  const rng = forkRng(seed, hash(`${kind}:${key}`));
  const pick = (n: number) => rng.int(0, n - 1);
  const pool = { ...GENERIC, ...BY_KIND[kind] };
  const names = rng.sample(Object.keys(pool), 1 + pick(3));
  return Object.fromEntries(names.sort().map((n) => [n, pool[n]!(key, pick)]));
}
