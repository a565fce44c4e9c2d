/**
 * A messy market (`--messy`): the clean generated market, made to look like real registry data.
 * Every change is drawn from the seed, so a messy market is as deterministic as a clean one.
 * - nulls in every nullable field (project fields and lists, label flags, quantities, vintages,
 *   dates, transaction types, forensic and satellite fields, country update fields);
 * - fractional quantities (multiples of 1/8, so sums are exact in binary floating point in any
 *   order) and therefore fractional project totals, buyer volumes, chart values and country totals;
 * - values no client knows (`MESSY_VALUES`): registries such as `cercarbono`, categories, project
 *   types, statuses, transaction types, risk levels, forensic categories and statuses, clip types;
 * - odd and very long strings; project countries without an ISO code (no country profile; at least
 *   one, `Multiple countries`, whatever the seed) and other spellings of the market's countries;
 * - one item of each kind without a usable identity, served without it (see `ANONYMOUS_ITEMS` and
 *   `answer-decorator.ts`);
 * - a few values that do not fit their field, as registry exports have them (a quantity `"lots"`, a
 *   vintage `"2019/2020"`, a day `"31/12/2021"`, a listing date `"Q3 2019"`, an area `"12.5 km²"`):
 *   the stored market holds null there, and the value is served in its place (`UnfitSent`).
 * Extra fields no client models are added when answers are served (`extra-fields.ts`).
 */
import type { CountryUpdateRow } from '../generator/countries';
import type { Db } from '../store/open-store';
import type { ForensicsData } from '../generator/forensics';
import { demoLink } from '../generator/links';
import type { ProjectDraft } from '../generator/projects';
import type { Rng } from '../generator/rng';
import type { SatelliteRow } from '../generator/satellite';
import type { ClipStory } from '../generator/stories';
import type { TransactionDraft } from '../generator/transactions';
import { MESSY_VALUES } from './messy-values';
import { ODD_BUYERS, ODD_COUNTRIES, ODD_NAMES, ODD_NOTES, longText } from './odd-strings';

/** The items a messy market serves without their identity (internal keys, kept in the database's meta). */
export interface AnonymousItems {
  /** Credit transaction served with `id: null` (a cancellation with a null quantity). */
  credit: number | null;
  /** Project served without `project_id` (listed, no credits, no category, country or listing date). */
  project: string | null;
  /** Satellite metrics item served without `project_id`. */
  satellite: string | null;
  /** Forensic news entry served with `id: null` (the newest one, so it is in the latest feed). */
  entry: number | null;
  /** Country policy update served with `id: null`. */
  countryUpdate: number | null;
}

/**
 * A value a messy market serves in place of a field's stored null, though the field takes another
 * kind of value (kept in the database's `meta`, key `messy_unfit`). The service's own filters, sorts
 * and aggregates read the stored null, as a client that cannot read the value does.
 */
export interface UnfitSent {
  kind: 'credit' | 'project' | 'satellite';
  /** The item's id (credits) or project id. */
  key: number | string;
  field: string;
  sent: string;
}

const chance = (rng: Rng, p: number) => rng.float() < p;
/** Where the extra registries' projects are (both are Latin American registries). */
const REGISTRY_COUNTRIES = ['Colombia', 'Peru', 'Mexico', 'Panama', 'Guatemala', 'Bolivia', 'Brazil'];
const fraction = (rng: Rng) => rng.int(1, 7) / 8;

/** Blanks, renames and re-labels projects; returns them sorted by project_id again. */
export function messyProjects(rng: Rng, drafts: readonly ProjectDraft[]): ProjectDraft[] {
  const numbers = new Map<string, number>();
  const out = drafts.map((original) => {
    const d: ProjectDraft = { ...original };
    const roll = rng.float();
    if (roll < 0.02) {
      const registry = roll < 0.015 ? 'cercarbono' : 'biocarbon-registry';
      const n = (numbers.get(registry) ?? 100) + rng.int(1, 4);
      numbers.set(registry, n);
      d.registry = registry;
      d.project_id = `${MESSY_VALUES.registryPrefix[registry]}-${n}`;
      d.project_url = demoLink(`${registry}-registry`, 'projects', n);
      d.country = rng.pick(REGISTRY_COUNTRIES);
    }
    const relabel = rng.float();
    if (relabel < 0.01) {
      d.category = rng.pick(MESSY_VALUES.categories);
      d.project_type = rng.pick(MESSY_VALUES.projectTypes[d.category]!);
    } else if (relabel < 0.02 && d.category && MESSY_VALUES.projectTypes[d.category]) {
      d.project_type = rng.pick(MESSY_VALUES.projectTypes[d.category]!);
    }
    if (chance(rng, 0.02)) d.status = rng.pick(MESSY_VALUES.statuses);
    if (chance(rng, 0.02)) d.name = rng.pick(ODD_NAMES);
    else if (chance(rng, 0.005)) d.name = longText(rng);
    if (chance(rng, 0.01)) d.proponent = rng.pick(ODD_NAMES);
    if (chance(rng, 0.01)) d.country = rng.pick(ODD_COUNTRIES);
    if (d.corc_durability && chance(rng, 0.05)) d.corc_durability = rng.pick(MESSY_VALUES.corcDurabilities);
    if (d.article6_authorization_types?.length && chance(rng, 0.2)) d.article6_authorization_types = [...d.article6_authorization_types, ...MESSY_VALUES.article6AuthorizationTypes];
    const nulls: (keyof ProjectDraft)[] = [
      'name', 'registry', 'proponent', 'category', 'status', 'country', 'listed_at', 'is_compliance', 'project_url', 'project_type', 'project_type_source',
      'corc_durability', 'protocol', 'protocol_version', 'sdg_goals', 'certifications', 'article6_authorized', 'article6_countries', 'article6_authorization_types',
    ];
    for (const field of nulls) if (chance(rng, 0.02)) (d as unknown as Record<string, unknown>)[field] = null;
    if (chance(rng, 0.02)) d.labels_unknown = true;
    return d;
  });
  out.sort((a, b) => (a.project_id < b.project_id ? -1 : a.project_id > b.project_id ? 1 : 0));
  // Whatever the seed, one project's country has no ISO code: the last one with credit activity
  // (so never the project served without identity, which has none), chosen without a draw.
  const last = out.findLast((d) => d.activity > 0);
  if (last) last.country = 'Multiple countries';
  return out;
}

/** Fractions, nulls, unknown types and odd strings in one credit transaction. */
export function messyTransaction(rng: Rng, t: TransactionDraft): TransactionDraft {
  const m: TransactionDraft = { ...t };
  if (m.quantity !== null && chance(rng, 0.1)) m.quantity = m.quantity > 1 && chance(rng, 0.3) ? m.quantity - fraction(rng) : m.quantity + fraction(rng);
  if (chance(rng, 0.002)) m.quantity = fraction(rng);
  if (chance(rng, 0.003)) m.quantity = null;
  if (chance(rng, 0.01)) m.vintage = null;
  if (chance(rng, 0.003)) m.transaction_date = null;
  if (m.transaction_type === 'cancellation' && chance(rng, 0.3)) m.transaction_type = rng.pick(MESSY_VALUES.transactionTypes);
  else if (chance(rng, 0.002)) m.transaction_type = null;
  if (m.retirement_beneficiary !== null && chance(rng, 0.01)) m.retirement_beneficiary = rng.pick(ODD_BUYERS);
  if (m.retirement_beneficiary_harmonized !== null && chance(rng, 0.005)) m.retirement_beneficiary_harmonized = rng.pick(ODD_BUYERS);
  if (m.transaction_type !== 'issuance' && chance(rng, 0.01)) m.retirement_note = rng.pick(ODD_NOTES);
  if (m.retirement_reason !== null && chance(rng, 0.005)) m.retirement_reason = longText(rng);
  if (m.retirement_account !== null && chance(rng, 0.005)) m.retirement_account = rng.pick(ODD_NOTES);
  return m;
}

/** A project total that a messy market may leave null when nothing contributed to it. */
export const messyTotal = (rng: Rng, value: number, contributed: boolean): number | null => (!contributed && chance(rng, 0.5) ? null : value);

export function messyClip(rng: Rng, clip: ClipStory & { date: string | null }): ClipStory & { date: string | null } {
  const c = { ...clip };
  if (chance(rng, 0.05)) c.type = rng.pick(MESSY_VALUES.clipTypes);
  if (chance(rng, 0.03)) c.title = rng.pick(ODD_NAMES);
  if (chance(rng, 0.03)) c.date = null;
  if (chance(rng, 0.03)) (c as { notes: string | null }).notes = null;
  if (chance(rng, 0.03)) (c as { url: string | null }).url = null;
  return c;
}

export function messyForensics(rng: Rng, data: ForensicsData): void {
  for (const e of data.entries) {
    if (chance(rng, 0.03)) e.category = rng.pick(MESSY_VALUES.forensicCategories);
    if (chance(rng, 0.02)) e.source = null;
    if (chance(rng, 0.02)) e.url = null;
    if (chance(rng, 0.02)) e.market_impact = rng.chance(0.5) ? null : rng.pick(MESSY_VALUES.marketImpacts);
    if (chance(rng, 0.01)) e.key_event = rng.pick(ODD_NOTES);
  }
  for (const l of data.legacy) {
    if (chance(rng, 0.05)) l.status = rng.pick(MESSY_VALUES.forensicStatuses);
    if (chance(rng, 0.03)) l.country = null;
    if (chance(rng, 0.03)) l.issued = null;
  }
}

export function messySatellite(rng: Rng, rows: SatelliteRow[]): void {
  for (const row of rows) {
    const m = JSON.parse(row.metrics) as Record<string, unknown>;
    if (chance(rng, 0.03)) {
      m.risk_level = rng.pick(MESSY_VALUES.riskLevels);
      row.risk_level = m.risk_level as string;
    }
    for (const field of ['area_km2', 'integrity_score', 'total_loss_ha', 'total_loss_pct', 'peak_loss_year', 'alert_count_12m', 'fire_count_12m', 'last_updated', 'risk_trajectory', 'loss_by_year']) {
      if (chance(rng, 0.02)) m[field] = null;
    }
    if (chance(rng, 0.02)) {
      m.risk_level = null;
      row.risk_level = null;
    }
    row.metrics = JSON.stringify(m);
  }
}

export function messyCountryUpdates(rng: Rng, updates: CountryUpdateRow[]): void {
  for (const u of updates) {
    if (chance(rng, 0.03)) u.description = null;
    if (chance(rng, 0.03)) u.market_impact = rng.chance(0.5) ? null : rng.pick(MESSY_VALUES.marketImpacts);
    if (chance(rng, 0.03)) u.source_url = null;
    if (chance(rng, 0.02)) u.headline = rng.pick(ODD_NAMES);
  }
}

/** A country profile with some fields null. */
export function messyCountryProfile(rng: Rng, profile: Record<string, unknown>): Record<string, unknown> {
  const p = { ...profile };
  for (const field of ['region', 'subregion', 'article6_status', 'corsia_eligible', 'carbon_tax_rate_usd', 'policy_summary', 'last_ai_scan_date', 'ndc_target_year', 'country_risk_score', 'article6_bilateral_partners', 'host_agreements']) {
    if (chance(rng, 0.05)) p[field] = null;
  }
  return p;
}

/**
 * Chooses the items whose values do not fit their field and stores null in those fields: a quantity
 * and a day on credits of a type no client knows (they count in no project total, buyer or
 * supply-demand figure), a vintage on a retirement, a listing date on a project, an area on
 * satellite metrics; never an item served without identity. What each is served with is returned.
 */
export function unfitValues(rng: Rng, db: Db, anonymous: AnonymousItems): UnfitSent[] {
  const out: UnfitSent[] = [];
  const keys = (sql: string) => db.prepare(sql).pluck().all() as Array<number | string>;
  const unknownTypes = keys(`SELECT id FROM credits WHERE transaction_type IS NOT NULL AND transaction_type NOT IN ('issuance', 'retirement', 'cancellation')
    AND quantity IS NOT NULL AND transaction_date IS NOT NULL ORDER BY id`).filter((id) => id !== anonymous.credit);
  const [lots, day] = rng.sample(unknownTypes, 2);
  if (lots !== undefined) {
    db.prepare('UPDATE credits SET quantity = NULL WHERE id = ?').run(lots);
    out.push({ kind: 'credit', key: lots, field: 'quantity', sent: 'lots' });
  }
  if (day !== undefined) {
    db.prepare('UPDATE credits SET transaction_date = NULL WHERE id = ?').run(day);
    out.push({ kind: 'credit', key: day, field: 'transaction_date', sent: '31/12/2021' });
  }
  const retirements = keys("SELECT id FROM credits WHERE transaction_type = 'retirement' AND vintage IS NOT NULL ORDER BY id");
  if (retirements.length) {
    const id = rng.pick(retirements);
    db.prepare('UPDATE credits SET vintage = NULL WHERE id = ?').run(id);
    out.push({ kind: 'credit', key: id, field: 'vintage', sent: '2019/2020' });
  }
  const listed = keys('SELECT project_id FROM projects WHERE listed_at IS NOT NULL ORDER BY project_id').filter((id) => id !== anonymous.project);
  if (listed.length) {
    const id = rng.pick(listed);
    db.prepare('UPDATE projects SET listed_at = NULL WHERE project_id = ?').run(id);
    out.push({ kind: 'project', key: id, field: 'listed_at', sent: 'Q3 2019' });
  }
  const measured = (db.prepare('SELECT project_id, metrics FROM satellite_metrics ORDER BY project_id').all() as Array<{ project_id: string; metrics: string }>)
    .filter((m) => m.project_id !== anonymous.satellite && (JSON.parse(m.metrics) as { area_km2?: unknown }).area_km2 != null);
  if (measured.length) {
    const m = rng.pick(measured);
    db.prepare('UPDATE satellite_metrics SET metrics = ? WHERE project_id = ?').run(JSON.stringify({ ...JSON.parse(m.metrics), area_km2: null }), m.project_id);
    out.push({ kind: 'satellite', key: m.project_id, field: 'area_km2', sent: '12.5 km²' });
  }
  return out;
}
