/**
 * The deterministic market generator: the same seed, scale and today give the same market.
 * Default scale (1) is the size of the real market: 11,659 projects and 532,799 credit transactions.
 */
import type { Db } from '../store/open-store';
import { generateCountries } from './countries';
import { generateForensics } from './forensics';
import { buyerSeeds, proponentNames, type BuyerSeed } from './names';
import { weightedPicker } from './pick';
import type { ProjectSummary } from './project-summary';
import { draftProjects, type ProjectDraft } from './projects';
import { forkRng } from './rng';
import { generateSatellite } from './satellite';
import { projectTransactions } from './transactions';

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

/** Splits `total` transactions across projects in proportion to their activity (each active project gets at least one). */
function allocate(drafts: readonly ProjectDraft[], total: number, rng: ReturnType<typeof forkRng>): number[] {
  const counts: number[] = drafts.map((d) => (d.activity > 0 ? 1 : 0));
  let remaining = total - counts.reduce((s, c) => s + c, 0);
  const weight = drafts.reduce((s, d) => s + d.activity, 0);
  if (remaining > 0 && weight > 0) {
    const budget = remaining;
    drafts.forEach((d, i) => {
      const extra = Math.floor((budget * d.activity) / weight);
      counts[i]! += extra;
      remaining -= extra;
    });
    const pick = weightedPicker(drafts.map((_, i) => i), (i) => drafts[i]!.activity);
    while (remaining > 0) {
      counts[pick(rng)]! += 1;
      remaining--;
    }
  }
  return counts;
}

const json = (v: unknown) => JSON.stringify(v);
const bit = (b: boolean) => (b ? 1 : 0);

/** Writes a complete market into empty market tables. */
export function generateMarket(db: Db, opts: { seed: number; scale: number; today: string }): MarketSize {
  const { seed, scale, today } = opts;
  const size = marketSize(scale);
  const proponents = proponentNames(forkRng(seed, 1), Math.max(30, Math.round(size.projects / 12)));
  const drafts = draftProjects(forkRng(seed, 2), size.projects, today, proponents);
  const buyers = buyerSeeds(forkRng(seed, 3), size.buyers);
  const pickBuyer = weightedPicker<BuyerSeed>(buyers, (b) => b.weight);
  const counts = allocate(drafts, size.credits, forkRng(seed, 4));
  const txRng = forkRng(seed, 5);
  const clipRng = forkRng(seed, 6);

  const insertCredit = db.prepare(`INSERT INTO credits (id, project_id, quantity, vintage, transaction_date, transaction_type,
    retirement_account, retirement_beneficiary, retirement_reason, retirement_note, retirement_beneficiary_harmonized)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertProject = db.prepare(`INSERT INTO projects VALUES (${Array.from({ length: 29 }, () => '?').join(', ')})`);
  const insertClip = db.prepare('INSERT INTO clips VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');

  const summaries: ProjectSummary[] = [];
  let creditId = 0;
  let clipId = 0;
  db.transaction(() => {
    drafts.forEach((d, i) => {
      const txs = projectTransactions(txRng, counts[i]!, d.earliest_issuance, today, d.corc_durability !== null, pickBuyer);
      let issued = 0;
      let retired = 0;
      let firstIssuance: string | null = null;
      let firstRetirement: string | null = null;
      for (const t of txs) {
        insertCredit.run(++creditId, d.project_id, t.quantity, t.vintage, t.transaction_date, t.transaction_type, t.retirement_account,
          t.retirement_beneficiary, t.retirement_reason, t.retirement_note, t.retirement_beneficiary_harmonized);
        if (t.transaction_type === 'issuance') {
          issued += t.quantity;
          firstIssuance ??= t.transaction_date;
        } else if (t.transaction_type === 'retirement') {
          retired += t.quantity;
          firstRetirement ??= t.transaction_date;
        }
      }
      const certs = d.certifications;
      insertProject.run(d.project_id, d.name, d.registry, d.proponent, d.category, d.status, d.country.name, d.listed_at, bit(d.is_compliance),
        firstIssuance, firstRetirement, d.project_url, d.project_type, d.project_type_source, json(d.protocol), json(d.protocol_version),
        retired, issued, json(d.sdg_goals), json(certs), bit(certs.some((c) => c.startsWith('ccb-'))), bit(certs.includes('icvcm-ccp')),
        bit(certs.includes('corsia')), bit(certs.includes('sd-vista')), bit(certs.includes('social-carbon')), bit(d.article6_authorized),
        json(d.article6_countries), json(d.article6_authorization_types), d.corc_durability);
      if (clipRng.chance(0.15)) {
        const n = clipRng.int(1, 4);
        for (let k = 0; k < n; k++) {
          const date = d.listed_at ?? today;
          insertClip.run(++clipId, d.project_id, date > today ? today : date, `${d.name}: ${clipRng.pick(['investigation', 'new issuance', 'buyer announcement', 'methodology review', 'community update'])}`,
            `https://clips.example.invalid/${d.project_id.toLowerCase()}/${clipId}`, clipRng.pick(['Bloomberg', 'Guardian', 'Carbon Pulse', 'Mongabay', 'Reuters']),
            json(clipRng.sample(['retirement', 'issuance', 'controversy', 'community', 'methodology'], clipRng.int(0, 2))),
            clipRng.chance(0.5) ? 'Summary prepared by the research team.' : null, bit(clipRng.chance(0.2)), clipRng.pick(['news', 'press', 'report', 'unknown']));
        }
      }
      summaries.push({ project_id: d.project_id, name: d.name, registry: d.registry, proponent: d.proponent, category: d.category, country: d.country.name, issued, retired, active: txs.length > 0 });
    });

    const forensics = generateForensics(forkRng(seed, 7), summaries, today);
    const insertEntry = db.prepare('INSERT INTO forensic_entries VALUES (@id, @project_id, @entry_hash, @date, @category, @source, @key_event, @market_impact, @url, @first_seen_date, @first_seen_week, @first_seen_year, @is_new_this_week)');
    for (const e of forensics.entries) insertEntry.run(e);
    const insertMemo = db.prepare('INSERT INTO forensic_memos VALUES (@project_id, @memo)');
    for (const m of forensics.memos) insertMemo.run(m);
    const insertDiff = db.prepare('INSERT INTO forensic_diffs VALUES (@project_id, @year, @week_number, @week_date, @new_entries_count, @memo_changed, @headline, @week_summary, @new_entry_ids)');
    for (const d of forensics.diffs) insertDiff.run(d);
    const insertLegacy = db.prepare(`INSERT INTO legacy_forensics VALUES (@id, @project_id, @project_name, @proponent, @registry, @country, @issued, @run_date,
      @status, @raw_json, @news_entries_json, @num_findings, @price_narrative, @primary_risk, @value_proposition, @error_type, @error_message)`);
    for (const l of forensics.legacy) insertLegacy.run(l);

    const satellite = generateSatellite(forkRng(seed, 8), summaries, today);
    const insertMetrics = db.prepare('INSERT INTO satellite_metrics VALUES (@project_id, @has_boundary, @risk_level, @metrics)');
    for (const m of satellite.metrics) insertMetrics.run(m);
    const insertBoundary = db.prepare('INSERT INTO boundaries VALUES (@project_id, @geojson)');
    for (const b of satellite.boundaries) insertBoundary.run(b);

    const world = generateCountries(forkRng(seed, 9), summaries, today);
    const insertProfile = db.prepare('INSERT INTO country_profiles VALUES (@country_code, @profile)');
    for (const p of world.profiles) insertProfile.run(p);
    const insertUpdate = db.prepare('INSERT INTO country_updates VALUES (@id, @country_code, @date, @headline, @description, @market_impact, @source_url, @week, @year)');
    for (const u of world.updates) insertUpdate.run(u);
  })();
  return size;
}
