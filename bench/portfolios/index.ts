/**
 * `BENCH_CACHE=<a synced cache .sqlite> npx tsx bench/portfolios/index.ts`: screening a portfolio
 * measured whole (save, match, every rule, flags written) on a copy of a synced cache, for 1,000,
 * 5,000 and 20,000 holdings of random cached projects and vintages (one in fifty unknown), with the
 * process's heap after each; then a 200-holding PDF report, from the cache's rows to its bytes.
 * Goals: 5,000 holdings ≤ 1 s; memory flat in the number of holdings; the PDF ≤ 10 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openQueryableCache } from '../../src/main/analytics/schema';
import type { ParsedHoldings } from '../../src/main/portfolios/holdings-parse';
import { holdingsPage, portfolioSummary, savePortfolio, screenPortfolio } from '../../src/main/portfolios/portfolio-store';
import { SCREENING_RULES } from '../../src/main/portfolios/rule-registry';
import { sqliteContext } from '../../src/main/analytics/read-engine';
import { dueDiligenceReport, evidenceText } from '../../src/main/reports/due-diligence-report';
import { gatherProjectFacts, type ProjectFacts, type ReportReader } from '../../src/main/reports/project-evidence';
import { renderPdf } from '../../src/main/reports/render-pdf';
import { queryOps } from '../../src/main/workers/cache-worker';
import { holdingProjectKey } from '../../src/main/portfolios/project-ref';

const source = process.env.BENCH_CACHE;
if (!source || !fs.existsSync(source)) {
  process.stderr.write('BENCH_CACHE must name a synced cache file (npm run cli -- sync --data-dir DIR, then DIR/cache/<id>.sqlite)\n');
  process.exit(2);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-portfolios-'));
const file = path.join(dir, 'cache.sqlite');
fs.copyFileSync(source, file);
const db = openQueryableCache(file);
const ids = db.prepare(`SELECT project_id FROM projects`).pluck().all() as string[];
let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

function holdings(n: number): ParsedHoldings {
  const list = Array.from({ length: n }, (_, i) => {
    const id = i % 50 === 0 ? `XX-${i}` : (ids[Math.floor(rand() * ids.length)] ?? 'XX-0');
    return { row: i + 2, project_id: id, project_key: holdingProjectKey(id, null), vintage: rand() < 0.2 ? null : 2012 + Math.floor(rand() * 12), quantity: Math.round(rand() * 50_000) / 10, registry: null, serial: null, status: 'held' as const, note: null };
  });
  return { headers: [], header_row: 1, mapping: {} as ParsedHoldings['mapping'], missing: [], holdings: list, rejected: [] };
}

const rows: string[] = [];
async function main(): Promise<void> {
for (const n of [1000, 5000, 20000, 5000]) {
  const parsed = holdings(n);
  const t0 = performance.now();
  const id = savePortfolio(db, { name: `bench ${n}`, file_name: null, parsed, now: new Date().toISOString() });
  screenPortfolio(db, id, new Date().toISOString());
  const ms = performance.now() - t0;
  const flags = db.prepare(`SELECT count(*) FROM holding_flags WHERE portfolio_id = ?`).pluck().get(id) as number;
  global.gc?.();
  rows.push(`${String(n).padStart(6)} holdings: ${ms.toFixed(0).padStart(6)} ms, ${flags} flags, heap ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MB, rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
}
async function pdf200(): Promise<string> {
  const t0 = performance.now();
  const id = savePortfolio(db, { name: 'bench pdf', file_name: null, parsed: holdings(200), now: new Date().toISOString() });
  screenPortfolio(db, id, new Date().toISOString());
  const summary = portfolioSummary(db, id);
  if (!summary) throw new Error('no portfolio');
  const ops = queryOps(sqliteContext(db));
  const op = <T>(name: string, input: unknown) => Promise.resolve(ops[name]!(input)) as Promise<T>;
  const read: ReportReader = {
    project: (project_id) => op('query:projects.get', { project_id }),
    totals: (project_id) => op('query:credits.totals', { project_id: [project_id] }),
    satellite: (project_id) => op('query:satellite.project', { project_id }),
    forensics: (project_id) => op('query:forensics.project', { project_id }),
    country: (country_code) => op('query:countries.get', { country_code }),
  };
  const held = holdingsPage(db, id, { limit: 1000 }).rows;
  const facts = new Map<string, ProjectFacts>();
  for (const h of held) if (h.flags.length > 0 && h.project_ref && !facts.has(h.project_ref)) facts.set(h.project_ref, await gatherProjectFacts(read, h.project_ref));
  const doc = dueDiligenceReport({
    portfolio: { name: summary.name, source: null, importedAt: summary.imported_at },
    holdings: held.map((h) => ({ row: h.row, projectId: h.project_ref ?? h.project_id, projectName: h.project_name, registry: h.registry, vintage: h.vintage, quantity: h.quantity, findings: h.flags.map((f) => ({ ...f, evidence: evidenceText(f.evidence) })) })),
    unmatched: summary.unmatched,
    facts,
    provenance: { connection: { name: 'bench', baseUrl: null }, appName: 'Carbon Desk', appVersion: 'bench', host: 'cli', generatedAt: new Date().toISOString(), resources: [], definitions: SCREENING_RULES.map(({ id: rule, definition }) => ({ id: rule, definition })) },
  });
  const bytes = await renderPdf(doc);
  return `200-holding PDF report: ${(performance.now() - t0).toFixed(0)} ms (save, screen, gather evidence, render), ${(bytes.length / 1024).toFixed(0)} KB (goal <= 10000 ms)`;
}
rows.push(await pdf200());
process.stdout.write(`screening on ${ids.length} cached projects (goal: 5,000 holdings <= 1000 ms)\n${rows.join('\n')}\n`);
db.close();
fs.rmSync(dir, { recursive: true, force: true });
}

void main();
