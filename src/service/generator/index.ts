/**
 * The deterministic market generator: the same seed, scale, messiness and base day give the same
 * market. Default scale (1) is the size of the real market: 11,659 projects and 532,799 credit
 * transactions. Everything it writes is dated before the base day (`today`).
 */
import { addDays, fromDayNumber, toDayNumber } from '../calendar';
import {
  messyClip, messyCountryProfile, messyCountryUpdates, messyForensics, messyProjects, messySatellite, messyTotal, messyTransaction, unfitValues, type AnonymousItems,
} from '../messy/messy-market';
import type { Db } from '../store/open-store';
import { ActivityCurve } from './activity-curve';
import { generateCountries } from './countries';
import { generateForensics } from './forensics';
import { buyerSeeds, proponentNames, type BuyerSeed } from './names';
import { weightedPicker } from './pick';
import type { ProjectSummary } from './project-summary';
import { draftProjects, type ProjectDraft } from './projects';
import { forkRng, type Rng } from './rng';
import { storyProjects, writeIntegrityStories } from './integrity-stories';
import { generateSatellite } from './satellite';
import { clipStory, type ClipStory, type StoryProject } from './stories';
import { projectTransactions, type ActivityCurves } from './transactions';

export const INSERT_ENTRY_SQL = 'INSERT INTO forensic_entries VALUES (@id, @project_id, @entry_hash, @date, @category, @source, @key_event, @market_impact, @url, @first_seen_date, @first_seen_week, @first_seen_year, @is_new_this_week)';
export const INSERT_DIFF_SQL = 'INSERT INTO forensic_diffs VALUES (@project_id, @year, @week_number, @week_date, @new_entries_count, @memo_changed, @headline, @week_summary, @new_entry_ids)';
export const INSERT_UPDATE_SQL = 'INSERT INTO country_updates VALUES (@id, @country_code, @date, @headline, @description, @market_impact, @source_url, @week, @year)';

export const REAL_MARKET = { projects: 11_659, credits: 532_799 } as const;

export interface MarketSize {
  projects: number;
  credits: number;
  buyers: number;
}

export function marketSize(scale: number): MarketSize {
  return {
    projects: Math.max(20, Math.round(REAL_MARKET.projects * scale)),
    credits: Math.max(200, Math.round(REAL_MARKET.credits * scale)),
    buyers: Math.max(40, Math.round(4000 * Math.pow(scale, 0.7))),
  };
}

/**
 * Splits `total` transactions across projects in proportion to their activity and to how much of
 * the market's activity curve their active span covers (a project active for ten years trades more
 * than one active for ten months); each active project gets at least one.
 */
function allocate(drafts: readonly ProjectDraft[], total: number, rng: ReturnType<typeof forkRng>, curves: ActivityCurves, today: string): number[] {
  const lastDay = toDayNumber(today) - 1;
  const weights = drafts.map((d) => (d.activity > 0 ? d.activity * curves.retirement.mass(Math.min(toDayNumber(d.earliest_issuance), lastDay - 14), lastDay) : 0));
  const counts: number[] = drafts.map((d) => (d.activity > 0 ? 1 : 0));
  let remaining = total - counts.reduce((s, c) => s + c, 0);
  const weight = weights.reduce((s, w) => s + w, 0);
  if (remaining > 0 && weight > 0) {
    const budget = remaining;
    weights.forEach((w, i) => {
      const extra = Math.floor((budget * w) / weight);
      counts[i]! += extra;
      remaining -= extra;
    });
    const pick = weightedPicker(drafts.map((_, i) => i), (i) => weights[i]!);
    while (remaining > 0) {
      counts[pick(rng)]! += 1;
      remaining--;
    }
  }
  return counts;
}

const json = (v: unknown) => JSON.stringify(v);
const bit = (b: boolean | null) => (b === null ? null : b ? 1 : 0);

export const proponentCount = (size: MarketSize): number => Math.max(30, Math.round(size.projects / 12));

/** The market's activity curves from the first possible listing to the day before `today`. */
export const activityCurves = (today: string): ActivityCurves => ({
  issuance: ActivityCurve.between('issuance', '2005-01-01', addDays(today, -1)),
  retirement: ActivityCurve.between('retirement', '2005-01-01', addDays(today, -1)),
});

export interface GenerateOptions {
  seed: number;
  scale: number;
  /** The base day: everything generated is dated before it. */
  today: string;
  messy?: boolean;
}

/** The project row in column order of the projects table. */
export function projectRowValues(d: ProjectDraft, totals: { issued: number | null; retired: number | null; firstIssuance: string | null; firstRetirement: string | null }): unknown[] {
  const certs = d.certifications;
  const label = (has: boolean) => (d.labels_unknown ? null : bit(has));
  return [d.project_id, d.name, d.registry, d.proponent, d.category, d.status, d.country, d.listed_at, bit(d.is_compliance),
    totals.firstIssuance, totals.firstRetirement, d.project_url, d.project_type, d.project_type_source, json(d.protocol), json(d.protocol_version),
    totals.retired, totals.issued, json(d.sdg_goals), json(certs), label(certs?.some((c) => c.startsWith('ccb-')) ?? false), label(certs?.includes('icvcm-ccp') ?? false),
    label(certs?.includes('corsia') ?? false), label(certs?.includes('sd-vista') ?? false), label(certs?.includes('social-carbon') ?? false), bit(d.article6_authorized),
    json(d.article6_countries), json(d.article6_authorization_types), d.corc_durability];
}

export const INSERT_PROJECT_SQL = `INSERT INTO projects VALUES (${Array.from({ length: 29 }, () => '?').join(', ')})`;
export const INSERT_CREDIT_SQL = `INSERT INTO credits (id, project_id, quantity, vintage, transaction_date, transaction_type,
    retirement_account, retirement_beneficiary, retirement_reason, retirement_note, retirement_beneficiary_harmonized)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
export const INSERT_CLIP_SQL = 'INSERT INTO clips VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';

/** A press clip about the project on `date` as clip-table values. */
export function clipRowValues(rng: Rng, id: number, p: StoryProject, date: string, messyRng?: Rng): unknown[] {
  let clip: ClipStory & { date: string | null } = { ...clipStory(rng, p, date, id), date };
  const waybacked = rng.chance(0.2);
  if (messyRng) clip = messyClip(messyRng, clip);
  return [id, p.project_id, clip.date, clip.title, clip.url, clip.source, json(clip.tags), clip.notes, waybacked ? 1 : 0, clip.type];
}

/** Writes a complete market into empty market tables. */
export function generateMarket(db: Db, opts: GenerateOptions): MarketSize {
  const { seed, scale, today } = opts;
  const size = marketSize(scale);
  const messyRng = opts.messy ? forkRng(seed, 10) : undefined;
  const proponents = proponentNames(forkRng(seed, 1), proponentCount(size));
  let drafts = draftProjects(forkRng(seed, 2), size.projects, today, proponents);
  if (messyRng) drafts = messyProjects(messyRng, drafts);
  const buyers = buyerSeeds(forkRng(seed, 3), size.buyers);
  const pickBuyer = weightedPicker<BuyerSeed>(buyers, (b) => b.weight);
  const curves = activityCurves(today);
  const counts = allocate(drafts, size.credits, forkRng(seed, 4), curves, today);
  const txRng = forkRng(seed, 5);
  const clipRng = forkRng(seed, 6);
  const lastDay = toDayNumber(today) - 1;
  const anonymous: AnonymousItems = { credit: null, project: null, satellite: null, entry: null, countryUpdate: null };
  if (messyRng) {
    // The project without identity: one that never issued, with nothing else to link it by.
    const idle = drafts.filter((d) => d.activity === 0);
    const d = idle.length ? messyRng.pick(idle) : undefined;
    if (d) Object.assign(d, { category: null, country: null, listed_at: null, status: 'listed' });
    anonymous.project = d?.project_id ?? null;
  }

  const insertCredit = db.prepare(INSERT_CREDIT_SQL);
  const insertProject = db.prepare(INSERT_PROJECT_SQL);
  const insertClip = db.prepare(INSERT_CLIP_SQL);

  const summaries: ProjectSummary[] = [];
  let creditId = 0;
  let clipId = 0;
  db.transaction(() => {
    drafts.forEach((d, i) => {
      let txs = projectTransactions(txRng, counts[i]!, d.earliest_issuance, today, d.corc_durability !== null, pickBuyer, curves);
      if (messyRng) txs = txs.map((t) => messyTransaction(messyRng, t));
      let issued = 0;
      let retired = 0;
      let issuedSome = false;
      let retiredSome = false;
      let firstIssuance: string | null = null;
      let firstRetirement: string | null = null;
      for (const t of txs) {
        insertCredit.run(++creditId, d.project_id, t.quantity, t.vintage, t.transaction_date, t.transaction_type, t.retirement_account,
          t.retirement_beneficiary, t.retirement_reason, t.retirement_note, t.retirement_beneficiary_harmonized);
        if (t.transaction_type === 'issuance') {
          if (t.quantity !== null) {
            issued += t.quantity;
            issuedSome = true;
          }
          firstIssuance ??= t.transaction_date;
        } else if (t.transaction_type === 'retirement') {
          if (t.quantity !== null) {
            retired += t.quantity;
            retiredSome = true;
          }
          firstRetirement ??= t.transaction_date;
        }
      }
      const totals = {
        issued: messyRng ? messyTotal(messyRng, issued, issuedSome) : issued,
        retired: messyRng ? messyTotal(messyRng, retired, retiredSome) : retired,
        firstIssuance,
        firstRetirement,
      };
      insertProject.run(...projectRowValues(d, totals));
      const story: StoryProject = d;
      if (clipRng.chance(0.15)) {
        // Clips spread over the project's life, from its listing (or three years back) to yesterday.
        const from = d.listed_at ? toDayNumber(d.listed_at) : lastDay - 3 * 365;
        const n = clipRng.int(1, 4);
        for (let k = 0; k < n; k++) insertClip.run(...clipRowValues(clipRng, ++clipId, story, fromDayNumber(clipRng.int(Math.min(from, lastDay), lastDay)), messyRng));
      }
      summaries.push({
        project_id: d.project_id, name: d.name, registry: d.registry, proponent: d.proponent, category: d.category, project_type: d.project_type,
        country: d.country, issued: totals.issued, retired: totals.retired, active: txs.length > 0,
      });
    });

    // A few projects whose numbers do not add up (its own random stream: the rest is drawn as before);
    // what follows sees their listed totals as changed.
    const stories = writeIntegrityStories(db, forkRng(seed, 11));
    const listed = db.prepare('SELECT issued, retired FROM projects WHERE project_id = ?');
    for (const s of summaries) {
      if (!storyProjects(stories).has(s.project_id)) continue;
      Object.assign(s, listed.get(s.project_id) as { issued: number | null; retired: number | null });
    }

    const forensics = generateForensics(forkRng(seed, 7), summaries, today);
    if (messyRng) messyForensics(messyRng, forensics);
    const insertEntry = db.prepare(INSERT_ENTRY_SQL);
    for (const e of forensics.entries) insertEntry.run(e);
    const insertMemo = db.prepare('INSERT INTO forensic_memos VALUES (@project_id, @memo)');
    for (const m of forensics.memos) insertMemo.run(m);
    const insertDiff = db.prepare(INSERT_DIFF_SQL);
    for (const d of forensics.diffs) insertDiff.run(d);
    const insertLegacy = db.prepare(`INSERT INTO legacy_forensics VALUES (@id, @project_id, @project_name, @proponent, @registry, @country, @issued, @run_date,
      @status, @raw_json, @news_entries_json, @num_findings, @price_narrative, @primary_risk, @value_proposition, @error_type, @error_message)`);
    for (const l of forensics.legacy) insertLegacy.run(l);

    const satellite = generateSatellite(forkRng(seed, 8), summaries, today);
    if (messyRng) messySatellite(messyRng, satellite.metrics);
    const insertMetrics = db.prepare('INSERT INTO satellite_metrics VALUES (@project_id, @has_boundary, @risk_level, @metrics)');
    for (const m of satellite.metrics) insertMetrics.run(m);
    const insertBoundary = db.prepare('INSERT INTO boundaries VALUES (@project_id, @geojson)');
    for (const b of satellite.boundaries) insertBoundary.run(b);

    const world = generateCountries(forkRng(seed, 9), summaries, today);
    if (messyRng) {
      messyCountryUpdates(messyRng, world.updates);
      for (const p of world.profiles) p.profile = JSON.stringify(messyCountryProfile(messyRng, JSON.parse(p.profile) as Record<string, unknown>));
    }
    const insertProfile = db.prepare('INSERT INTO country_profiles VALUES (@country_code, @profile)');
    for (const p of world.profiles) insertProfile.run(p);
    const insertUpdate = db.prepare(INSERT_UPDATE_SQL);
    for (const u of world.updates) insertUpdate.run(u);

    if (messyRng) {
      const cancellations = db.prepare("SELECT id FROM credits WHERE transaction_type = 'cancellation' ORDER BY id").pluck().all() as number[];
      anonymous.credit = cancellations.length ? messyRng.pick(cancellations) : null;
      if (anonymous.credit !== null) db.prepare('UPDATE credits SET quantity = NULL WHERE id = ?').run(anonymous.credit);
      anonymous.satellite = satellite.metrics.length ? messyRng.pick(satellite.metrics).project_id : null;
      // the feed's first entry: newest first seen, then newest event (a missing date last), then highest id
      const newest = [...forensics.entries].sort((a, b) =>
        b.first_seen_date.localeCompare(a.first_seen_date) || Number(a.date === null) - Number(b.date === null) || (b.date ?? '').localeCompare(a.date ?? '') || b.id - a.id)[0];
      anonymous.entry = newest?.id ?? null;
      anonymous.countryUpdate = world.updates.length ? messyRng.pick(world.updates).id : null;
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('messy_anonymous', ?)").run(JSON.stringify(anonymous));
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('messy_unfit', ?)").run(JSON.stringify(unfitValues(messyRng, db, anonymous)));
    }
  })();
  return size;
}
