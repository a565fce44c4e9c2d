/**
 * Portfolios against a market that moves: a small market is synced, a portfolio holding exactly the
 * unretired credits of projects with transactions is imported (nothing exceeds), the service
 * restarts advanced by 7 days, and the second sync re-screens it: the change log names the
 * holdings newly flagged, as many as gained a flag.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnReferenceService, stopReferenceService, type DemoService } from '../connections/demo-service';
import { tempDir, testEngine, type TestEngine } from '../sync/test-support';
import { parseHoldings } from './holdings-parse';
import { readCsv } from './table-reader';

const dirs: string[] = [];
let service: DemoService | null = null;
let t: TestEngine;
let dbPath: string;

const start = (extra: string[] = []) =>
  spawnReferenceService({ scale: 0.01, dbPath, extraArgs: ['--seed', '11', '--rate-limit-pro', '100000', ...extra], timeoutMs: 120_000 });

const flagKeys = (file: string): Set<string> => {
  const db = new Database(file, { readonly: true });
  try {
    return new Set(db.prepare(`SELECT row || ':' || rule FROM holding_flags`).pluck().all() as string[]);
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  const dir = tempDir('portfolios');
  dirs.push(dir);
  dbPath = path.join(dir, 'service.sqlite');
  service = await start();
  t = testEngine(service.baseUrl, service.apiKey, dir);
  t.engine.start();
  expect((await t.engine.whenDone()).state).toBe('done');
}, 180_000);

afterAll(async () => {
  await t?.close();
  if (service) await stopReferenceService(service);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('re-screening after a sync', () => {
  it('logs the holdings newly flagged when the market moved', async () => {
    const db = new Database(t.file, { readonly: true });
    const balances = db.prepare(`SELECT project_id, total(CASE WHEN lower(transaction_type) = 'issuance' THEN quantity END)
        - total(CASE WHEN lower(transaction_type) IN ('retirement', 'cancellation') THEN quantity END) AS unretired
      FROM credit_transactions GROUP BY project_id HAVING unretired > 0 ORDER BY project_id LIMIT 200`).all() as Array<{ project_id: string; unretired: number }>;
    db.close();
    expect(balances.length).toBeGreaterThan(10);
    const csv = `Project ID;Quantity\n${balances.map((b) => `${b.project_id.toLowerCase()};${String(b.unretired).replace('.', ',')}`).join('\n')}\n`;
    const imported = await t.cache.call('write:portfolioImport', { name: 'Book', file_name: null, parsed: parseHoldings(readCsv(Buffer.from(csv))), now: '2026-01-01T00:00:00Z' });
    expect(imported.portfolio).toMatchObject({ holdings: balances.length, matched: balances.length });
    expect(imported.portfolio?.by_rule.find((r) => r.rule === 'exceeds_unretired')).toBeUndefined();
    const before = flagKeys(t.file);

    await stopReferenceService(service!);
    service = await start(['--advance-days', '7']);
    await t.close();
    t = testEngine(service.baseUrl, service.apiKey, path.dirname(t.file));
    t.engine.start();
    expect((await t.engine.whenDone()).state).toBe('done');

    const after = flagKeys(t.file);
    const newlyFlagged = new Set([...after].filter((k) => !before.has(k)).map((k) => Number(k.split(':')[0])));
    expect(newlyFlagged.size).toBeGreaterThan(0);
    const log = (await t.cache.call('query:changes.list', { kinds: ['holdings_flagged'], per_page: 100 })).data;
    expect(log).toHaveLength(1);
    expect(log[0]?.summary).toMatch(new RegExp(`^${newlyFlagged.size} holdings? newly flagged in Book \\(rows `));
    expect(JSON.parse(log[0]?.new_value ?? '[]')).toEqual([...newlyFlagged].sort((a, b) => a - b));
  }, 240_000);
});
