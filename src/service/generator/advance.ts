/**
 * Advancing a generated market day by day (see `../market-lifecycle.ts` for when). Day k (0-based)
 * is the base day + k; its additions are drawn from the seed and k alone, and read the market as
 * the earlier days left it (every read is ordered), so advancing in several steps gives the same
 * market as advancing at once. The whole advance is one transaction: a crash leaves the market as
 * it was. After the last day, what depends on "today" is brought up to date: which forensic entries
 * are new this week, country totals (and a profile for a country that got its first project).
 */
import { addDays, isoWeek, toDayNumber } from '../calendar';
import { dayWeight } from './activity-curve';
import { messyCountryProfile } from '../messy/messy-market';
import { readMeta, recordCreditIdOrder, writeMeta, type Db } from '../store/open-store';
import { advanceCredits, advanceProjects } from './advance-credits';
import { advanceSignals } from './advance-signals';
import { alpha2, countryProfile, countryTotals, projectsByCountryCode } from './countries';
import { buyerSeeds, proponentNames, type BuyerSeed } from './names';
import { weightedPicker } from './pick';
import type { ProjectSummary } from './project-summary';
import type { AdvanceStamp, AdvanceWorld } from './advance-world';
import { forkRng } from './rng';
import { marketSize, proponentCount } from './index';

function advanceWorld(db: Db, stamp: AdvanceStamp): AdvanceWorld {
  const size = marketSize(stamp.scale);
  const buyers = buyerSeeds(forkRng(stamp.seed, 3), size.buyers);
  const baseMaxId = Number(readMeta(db, 'base_credit_max_id') ?? 0);
  const yearAgo = addDays(stamp.base, -365);
  const activity = db.prepare(`SELECT project_id, count(*) AS n FROM credits WHERE id <= ? AND transaction_date >= ? AND transaction_date < ?
    GROUP BY project_id ORDER BY project_id`).all(baseMaxId, yearAgo, stamp.base) as { project_id: string; n: number }[];
  const count = (sql: string, ...params: unknown[]) => (db.prepare(sql).get(...params) as { n: number }).n;
  const projectCount = count('SELECT count(*) AS n FROM projects');
  const pick = activity.length ? weightedPicker(activity, (r) => r.n) : undefined;
  const baseDay = toDayNumber(stamp.base);
  let weights = 0;
  for (let d = baseDay - 365; d < baseDay; d++) weights += dayWeight('retirement', d);
  return {
    stamp,
    pickBuyer: weightedPicker<BuyerSeed>(buyers, (b) => b.weight),
    proponents: proponentNames(forkRng(stamp.seed, 1), proponentCount(size)),
    pickActiveProject: pick ? (rng) => pick(rng).project_id : undefined,
    // Small markets still move every few days (floors), so a week of changes is never empty.
    rates: {
      credits: activity.reduce((s, r) => s + r.n, 0) / 365,
      projects: Math.max(0.5, count('SELECT count(*) AS n FROM projects WHERE listed_at >= ? AND listed_at < ?', yearAgo, stamp.base) / 365),
      statuses: Math.max(0.8, projectCount * 0.0004),
      entries: Math.max(1, count('SELECT count(*) AS n FROM forensic_entries WHERE first_seen_date >= ? AND first_seen_date < ?', addDays(stamp.base, -91), stamp.base) / 91),
      updates: Math.max(0.5, count('SELECT count(*) AS n FROM country_updates WHERE date >= ? AND date < ?', yearAgo, stamp.base) / 365),
      satellite: Math.max(0.5, count('SELECT count(*) AS n FROM satellite_metrics') / 60),
      clips: Math.max(0.3, count('SELECT count(*) AS n FROM clips WHERE date >= ? AND date < ?', yearAgo, stamp.base) / 365),
    },
    meanDayWeight: weights / 365,
    projectCount,
  };
}

/** A count around `rate` (never negative): the whole part, plus one with the fractional part's chance. */

/** Adds the days `from` … `to − 1` (counted from the base day) to the market. */
export function advanceMarket(db: Db, stamp: AdvanceStamp, from: number, to: number): void {
  const world = advanceWorld(db, stamp);
  db.transaction(() => {
    for (let k = from; k < to; k++) {
      const day = addDays(stamp.base, k);
      const rng = forkRng(stamp.seed, 1000 + k);
      const messyRng = stamp.messy ? forkRng(stamp.seed, 400_000 + k) : undefined;
      advanceProjects(db, world, rng, day);
      advanceCredits(db, world, rng, day, messyRng);
      advanceSignals(db, world, rng, day, messyRng);
    }
    refreshDerived(db, stamp, addDays(stamp.base, to));
    recordCreditIdOrder(db);
    writeMeta(db, 'advanced_days', String(to));
  })();
}

/** What depends on today or on every project: the current week's flags and the country totals. */
function refreshDerived(db: Db, stamp: AdvanceStamp, today: string): void {
  const { week, year } = isoWeek(today);
  db.prepare('UPDATE forensic_entries SET is_new_this_week = CASE WHEN first_seen_year = ? AND first_seen_week = ? THEN 1 ELSE 0 END').run(year, week);

  const summaries = (db.prepare(`SELECT p.project_id, p.name, p.registry, p.proponent, p.category, p.project_type, p.country, p.issued, p.retired,
      EXISTS (SELECT 1 FROM credits c WHERE c.project_id = p.project_id) AS active FROM projects p ORDER BY p.project_id`).all() as (Omit<ProjectSummary, 'active'> & { active: number })[])
    .map((p): ProjectSummary => ({ ...p, active: p.active === 1 }));
  const readProfile = db.prepare('SELECT profile FROM country_profiles WHERE country_code = ?');
  const writeProfile = db.prepare('INSERT OR REPLACE INTO country_profiles (country_code, profile) VALUES (?, ?)');
  for (const [code, { name, projects }] of projectsByCountryCode(summaries)) {
    const row = readProfile.get(code) as { profile: string } | undefined;
    if (row) {
      writeProfile.run(code, JSON.stringify({ ...(JSON.parse(row.profile) as Record<string, unknown>), ...countryTotals(projects) }));
      continue;
    }
    // A country whose first project was listed in the advanced days gets its profile now.
    const rng = forkRng(stamp.seed, 900_000 + (alpha2(name) ?? code).charCodeAt(0) * 32 + code.charCodeAt(1));
    const profile = countryProfile(rng, code, name, projects, today);
    writeProfile.run(code, JSON.stringify(stamp.messy ? messyCountryProfile(rng, profile) : profile));
  }
}
