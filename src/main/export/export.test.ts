/**
 * Exports against a real cache: the reference service at scale 0.02, synced with the app's sync CLI.
 * Expected values come from the SERVICE (an independent implementation) or from the query layer's
 * list methods, never from the export code itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Boundary, CreditTransaction, Page, Project, SatelliteMetrics } from '../../shared/api';
import { neutraliseText } from '../../shared/csv-safety';
import { readStrictCsv } from '../../shared/testing/strict-csv';
import { createAppContext, type AppContext } from '../app-context';
import { openQueryableCache } from '../analytics/schema';
import { CreditTransactionRepository } from '../cache/repositories/credit-transaction-repository';
import { SatelliteRepository } from '../cache/repositories/satellite-repository';
import { dispatch } from '../rpc';
import { runExportCommand } from '../hosts/cli/export-command';
import { rfc7946Problems } from './geojson-geometry';
import { startSyncedDataDir, type SyncedDataDir } from './testing/synced-data-dir';
import { cliHostPorts } from '../hosts/cli/cli-ports';

let market: SyncedDataDir;
let ctx: AppContext;
let outDir: string;

/** The file's rows, read by csv-parse; a strict RFC 4180 reader (CRLF records only) must read as many. */
function readCsv(file: string): Array<Record<string, string>> {
  const rows = parse(fs.readFileSync(file), { columns: true, bom: true, skip_empty_lines: false, relax_column_count: false }) as Array<Record<string, string>>;
  expect(readStrictCsv(fs.readFileSync(file, 'utf8')).length - 1).toBe(rows.length);
  return rows;
}

async function exportTo(input: Parameters<typeof dispatch<'export.start'>>[1]) {
  const job = await dispatch('export.start', input, ctx);
  const done = await ctx.exports.wait(job.exportId);
  if (done.state !== 'done') throw new Error(`export ${done.state}: ${done.error}`);
  return done;
}

async function allPages<T>(method: 'credits.list' | 'projects.list', query: Record<string, unknown>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const r = (await dispatch(method, { ...query, per_page: 200, current_page: page }, ctx)) as Page<T>;
    out.push(...r.data);
    if (page >= r.pagination.total_pages) return out;
  }
}

const cell = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const textCellOf = (v: string | null) => (v === null ? '' : neutraliseText(v));

beforeAll(async () => {
  market = await startSyncedDataDir({ scale: 0.02 });
  ctx = createAppContext({ dataDir: market.dataDir, ports: cliHostPorts(market.dataDir) });
  outDir = path.join(market.dataDir, 'test-out');
}, 120_000);

afterAll(async () => {
  await ctx?.dispose();
  await market?.stop();
});

describe('CSV export of credit transactions', () => {
  it('holds every credit transaction the service lists, with equal values', async () => {
    const done = await exportTo({ table: 'credit-transactions', bom: true });
    expect(done.path).toBeTruthy();
    const bytes = fs.readFileSync(done.path!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = readCsv(done.path!);

    const first = await market.get<Page<CreditTransaction>>('/v1/credits/?per_page=200');
    const service: CreditTransaction[] = [...first.data];
    for (let p = 2; p <= first.pagination.total_pages; p++) service.push(...(await market.get<Page<CreditTransaction>>(`/v1/credits/?per_page=200&current_page=${p}`)).data);

    expect(rows).toHaveLength(first.pagination.total_entries);
    expect(done.rows).toBe(first.pagination.total_entries);
    // Default sort is project_id then id on both sides.
    expect(rows.map((r) => Number(r['id']))).toEqual(service.map((t) => t.id));
    rows.forEach((row, i) => {
      const t = service[i]!;
      expect(row).toEqual({
        id: String(t.id),
        project_id: t.projects[0]?.project_id ?? '',
        quantity: String(t.quantity),
        vintage: cell(t.vintage),
        transaction_date: cell(t.transaction_date),
        transaction_type: textCellOf(t.transaction_type),
        retirement_account: textCellOf(t.retirement_account),
        retirement_beneficiary: textCellOf(t.retirement_beneficiary),
        retirement_reason: textCellOf(t.retirement_reason),
        retirement_note: textCellOf(t.retirement_note),
        retirement_beneficiary_harmonized: textCellOf(t.retirement_beneficiary_harmonized),
        category: textCellOf(t.projects[0]?.category ?? null),
        project_type: textCellOf(t.projects[0]?.project_type ?? null),
        project_ids: t.projects.map((p) => p.project_id).join(';'),
        sdg_goals: (t.sdg_goals ?? []).join(';'),
        certifications: (t.certifications ?? []).join(';'),
        extra_fields: '',
      });
    });
  });

  it('applies the list\'s filters and sort: the same rows as credits.list, in its order', async () => {
    const query = { transaction_type: ['retirement'], sort: ['-quantity', 'transaction_date'], quantity_min: 100 };
    const done = await exportTo({ table: 'credit-transactions', query });
    const rows = readCsv(done.path!);
    const listed = await allPages<CreditTransaction>('credits.list', query);
    expect(listed.length).toBeGreaterThan(10);
    expect(rows.map((r) => Number(r['id']))).toEqual(listed.map((t) => t.id));
    expect(fs.readFileSync(done.path!)[0]).not.toBe(0xef); // no BOM unless asked
  });
});

describe('XLSX export', () => {
  it('holds the same rows as the CSV export, in its order, numbers as numbers', async () => {
    const query = { transaction_type: ['retirement'], sort: ['-quantity', 'transaction_date'], quantity_min: 100 };
    const [csv, xlsx] = [await exportTo({ table: 'credit-transactions', query }), await exportTo({ table: 'credit-transactions', format: 'xlsx', query })];
    expect(xlsx).toMatchObject({ format: 'xlsx', changedCells: { cells: 0 } });
    expect(xlsx.fileName).toMatch(/^credit-transactions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = readCsv(csv.path!);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx.path!);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(Object.keys(rows[0]!));
    expect(sheet.rowCount - 1).toBe(rows.length);
    const at = (r: number, name: string) => sheet.getRow(r + 2).getCell(header.indexOf(name) + 1).value;
    rows.forEach((row, i) => {
      expect(at(i, 'id')).toBe(Number(row['id']));
      expect(at(i, 'quantity')).toBe(Number(row['quantity']));
    });
    expect(at(0, 'project_id')).toBe(rows[0]!['project_id']);
  });

  it('from the CLI when the file ends in .xlsx', async () => {
    const out = path.join(outDir, 'verra.xlsx');
    const sink = { write: () => true } as unknown as NodeJS.WritableStream;
    expect(await runExportCommand(['projects', '--filters', '{"registry":["verra"]}', '--out', out, '--data-dir', market.dataDir, '--quiet'], sink, sink)).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    expect(workbook.worksheets[0]!.getRow(2).getCell(3).value).toBe('verra');
  });
});

describe('CSV export of projects', () => {
  it('equals projects.list under filters and sort, every field written', async () => {
    const query = { registry: ['verra', 'gold-standard'], sort: ['-issued'] };
    const done = await exportTo({ table: 'projects', query });
    expect(done.fileName).toMatch(/^projects-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = readCsv(done.path!);
    const listed = await allPages<Project>('projects.list', query);
    expect(rows.map((r) => r['project_id'])).toEqual(listed.map((p) => p.project_id));
    const [row, p] = [rows[0]!, listed[0]!];
    expect(row['issued']).toBe(String(p.issued));
    expect(row['protocol']).toBe(p.protocol.join(';'));
    expect(row['sdg_goals']).toBe(p.sdg_goals.join(';'));
    expect(row['has_ccb']).toBe(String(p.has_ccb));
    expect(Object.keys(row)).toContain('article6_authorization_types');
  });
});

describe('formula-looking cells', () => {
  it('come out neutralised, while numbers stay numeric', async () => {
    const evil = ['=HYPERLINK("http://evil.example","click")', '+SUM(1,2)', '-2+3', '@cmd', '\tTabbed Corp', '\rReturn Corp', 'Plain Corp'];
    const db = openQueryableCache(market.cachePath);
    try {
      const repo = new CreditTransactionRepository(db);
      repo.upsertCreditTransactions(
        evil.map((name, i) => ({
          id: 9_000_000 + i, quantity: 10 + i, vintage: 2020, transaction_date: '2024-01-0' + (i + 1), transaction_type: 'retirement',
          retirement_account: null, retirement_beneficiary: name, retirement_reason: '=1+1', retirement_note: null,
          retirement_beneficiary_harmonized: name, projects: [{ project_id: 'ZZ-FORMULA', category: 'forest', project_type: null }],
          sdg_goals: [], certifications: ['-cert'],
        })),
        0,
      );
    } finally {
      db.close();
    }
    const done = await exportTo({ table: 'credit-transactions', query: { project_id: ['ZZ-FORMULA'] } });
    const rows = readCsv(done.path!);
    expect(rows.map((r) => r['retirement_beneficiary'])).toEqual(evil.map((n) => (n === 'Plain Corp' ? n : `'${n}`)));
    expect(rows.map((r) => r['retirement_beneficiary_harmonized'])).toEqual(evil.map((n) => (n === 'Plain Corp' ? n : `'${n}`)));
    expect(new Set(rows.map((r) => r['retirement_reason']))).toEqual(new Set(["'=1+1"]));
    expect(new Set(rows.map((r) => r['certifications']))).toEqual(new Set(["'-cert"]));
    expect(rows.map((r) => r['quantity'])).toEqual(evil.map((_, i) => String(10 + i)));
  });
});

describe('GeoJSON export of boundaries', () => {
  it('writes one valid RFC 7946 FeatureCollection with project fields and satellite metrics', async () => {
    const metrics = (await market.get<SatelliteMetrics[]>('/v1/satellite/?limit=5')).filter((m) => m.has_boundary);
    expect(metrics.length).toBeGreaterThan(2);
    const db = openQueryableCache(market.cachePath);
    try {
      const repo = new SatelliteRepository(db);
      for (const m of metrics) repo.putProjectBoundary(m.project_id, await market.get<Boundary>(`/v1/satellite/${m.project_id}/boundary`));
      // A clockwise, unclosed exterior (repaired: closed and rewound) and an unusable one (left out).
      repo.putProjectBoundary('ZZ-CLOCKWISE', {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: { note: 'cw' }, geometry: { type: 'Polygon', coordinates: [[[10, 10], [10, 11], [11, 11], [11, 10]]] } }],
      } as Boundary);
      db.prepare("INSERT OR REPLACE INTO project_boundaries (project_id, found, geojson, synced_at) VALUES ('ZZ-BROKEN', 1, ?, '2026-01-01T00:00:00Z')")
        .run(JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[0, 0], [200, 0], [1, 1], [0, 0]]] } }] }));
    } finally {
      db.close();
    }
    const done = await exportTo({ table: 'boundaries' });
    expect(done.fileName).toMatch(/^boundaries-\d{4}-\d{2}-\d{2}\.geojson$/);
    expect(done.skipped).toEqual(['ZZ-BROKEN']);
    const collection = JSON.parse(fs.readFileSync(done.path!, 'utf8')) as { type: string; features: Array<{ id: string; properties: Record<string, unknown> }> };
    expect(rfc7946Problems(collection)).toEqual([]);
    const ids = collection.features.map((f) => String(f.properties['project_id']));
    for (const m of metrics) expect(ids).toContain(m.project_id);
    expect(ids).toContain('ZZ-CLOCKWISE');
    const f = collection.features.find((x) => x.properties['project_id'] === metrics[0]!.project_id)!;
    expect(f.properties['risk_level']).toBe(metrics[0]!.risk_level);
    expect(f.properties['integrity_score']).toBe(metrics[0]!.integrity_score);
    expect(f.properties['loss_by_year']).toEqual(metrics[0]!.loss_by_year);
    expect(typeof f.properties['name']).toBe('string');
    expect(f.properties['registry']).toBeTruthy();

    const one = await exportTo({ table: 'boundaries', query: { project_id: metrics[1]!.project_id } });
    expect(one.fileName).toMatch(new RegExp(`^boundary-${metrics[1]!.project_id}-`));
    const single = JSON.parse(fs.readFileSync(one.path!, 'utf8')) as { features: Array<{ properties: Record<string, unknown> }> };
    expect(rfc7946Problems(single)).toEqual([]);
    expect(new Set(single.features.map((x) => x.properties['project_id']))).toEqual(new Set([metrics[1]!.project_id]));
  });
});

describe('every other table', () => {
  it.each([
    ['buyers', 'buyer_name'],
    ['satellite-metrics', 'integrity_score'],
    ['forensic-entries', 'key_event'],
    ['legacy-forensics', 'run_date'],
    ['country-updates', 'headline'],
  ] as const)('%s exports its rows with a header', async (table, column) => {
    const done = await exportTo({ table });
    const rows = readCsv(done.path!);
    expect(rows.length).toBe(done.rows);
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0]!)).toContain(column);
  });

  it('satellite metrics equal the satellite table: its filters, search and sort', async () => {
    const query = { has_boundary: false, sort: ['-total_loss_ha'], search: 'a' };
    const done = await exportTo({ table: 'satellite-metrics', query });
    const rows = readCsv(done.path!);
    const table = await dispatch('satellite.table', { ...query, per_page: 200 }, ctx);
    expect(table.data.length).toBeGreaterThan(1);
    expect(rows.length).toBe(table.pagination.total_entries);
    expect(rows.slice(0, 200).map((r) => r['project_id'])).toEqual(table.data.map((m) => m.project_id));
  });

  it('buyers equal buyers.list', async () => {
    const query = { sort: ['buyer_name'], total_transactions_min: 2 };
    const done = await exportTo({ table: 'buyers', query });
    const rows = readCsv(done.path!);
    const listed = (await dispatch('buyers.list', { ...query, per_page: 200 }, ctx)).data;
    expect(rows.slice(0, 200).map((r) => r['buyer_name'])).toEqual(listed.map((b) => neutraliseText(b.buyer_name)));
  });
});

describe('cancelling and bad input', () => {
  it('a cancelled export reports cancelled and leaves no file', async () => {
    const job = await dispatch('export.start', { table: 'credit-transactions' }, ctx);
    const cancelled = await dispatch('export.cancel', { exportId: job.exportId }, ctx);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.path).toBeNull();
    const dir = path.join(market.dataDir, 'exports');
    expect(fs.readdirSync(dir).filter((f) => f.includes('.partial'))).toEqual([]);
  });

  it('an unknown sort field or table is a clear invalid_input', async () => {
    await expect(dispatch('export.start', { table: 'projects', query: { sort: ['nope'] } }, ctx)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(dispatch('export.start', { table: 'nope' } as never, ctx)).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('CLI export', () => {
  it('writes the file given by --out with the filters given by --filters', async () => {
    const out = path.join(outDir, 'verra.csv');
    let stdout = '';
    const sink = { write: (s: string) => ((stdout += s), true) } as unknown as NodeJS.WritableStream;
    const code = await runExportCommand(['projects', '--filters', '{"registry":["verra"]}', '--out', out, '--data-dir', market.dataDir, '--quiet'], sink, sink);
    expect(code).toBe(0);
    const rows = readCsv(out);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r['registry']))).toEqual(new Set(['verra']));
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toMatchObject({ state: 'done', rows: rows.length, path: out });
  });

  it('refuses bad filters before touching anything', async () => {
    await expect(runExportCommand(['projects', '--filters', '{"registri":["verra"]}', '--out', path.join(outDir, 'x.csv'), '--data-dir', market.dataDir])).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(runExportCommand(['projects', '--filters', '{not json', '--out', path.join(outDir, 'x.csv'), '--data-dir', market.dataDir])).rejects.toThrow(/not valid JSON/);
    expect(fs.existsSync(path.join(outDir, 'x.csv'))).toBe(false);
  });
});
