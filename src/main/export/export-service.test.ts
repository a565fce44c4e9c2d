/**
 * The export service over a large synthetic cache: progress events while it runs, a cancel in the
 * middle stops the worker and leaves no file, and a finished export reports every row.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractEvents } from '../../shared/contract';
import { createAppContext, type AppContext } from '../app-context';
import { openQueryableCache } from '../analytics/schema';
import { cliHostPorts } from '../hosts/cli/cli-ports';

const ROWS = 150_000;
let dir: string;
let cachePath: string;
let ctx: AppContext;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-export-service-'));
  cachePath = path.join(dir, 'cache.sqlite');
  const db = openQueryableCache(cachePath);
  db.prepare(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
    INSERT INTO credit_transactions (id, quantity, vintage, transaction_date, transaction_type, retirement_beneficiary, project_id, projects)
    SELECT i, i % 1000, 2000 + i % 25, '2024-01-01', 'retirement', 'Buyer ' || (i % 97), 'VCS-' || (i % 300), '[{"project_id":"VCS-' || (i % 300) || '"}]' FROM n`).run(ROWS);
  db.close();
  ctx = createAppContext({ dataDir: path.join(dir, 'data'), ports: cliHostPorts(path.join(dir, 'data')) });
}, 60_000);

afterAll(async () => {
  await ctx.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ExportService', () => {
  it('reports progress and finishes with every row', async () => {
    const service = ctx.exports;
    const events: Array<ContractEvents['export.progress']> = [];
    const off = ctx.events.on('export.progress', (p) => events.push(p));
    const input = { table: 'credit-transactions' as const };
    const plan = service.plan(input);
    const target = path.join(dir, 'out', plan.fileName);
    const job = service.start(input, plan, { cachePath, target, revealPath: true });
    const done = await service.wait(job.exportId);
    off();
    expect(done).toMatchObject({ state: 'done', rows: ROWS, totalRows: ROWS, path: target });
    expect(events.some((e) => e.state === 'running' && e.rows > 0 && e.rows < ROWS)).toBe(true);
    expect(events.at(-1)).toMatchObject({ state: 'done', rows: ROWS });
    const lines = fs.readFileSync(target, 'utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(ROWS + 1);
  }, 60_000);

  it('cancels in the middle: the worker stops and no file is left', async () => {
    const service = ctx.exports;
    const input = { table: 'credit-transactions' as const };
    const plan = service.plan(input);
    const target = path.join(dir, 'cancelled', plan.fileName);
    const job = service.start(input, plan, { cachePath, target, revealPath: true });
    const firstProgress = new Promise<void>((resolve) => {
      const off = ctx.events.on('export.progress', (p) => {
        if (p.exportId === job.exportId && p.rows > 0) {
          off();
          resolve();
        }
      });
    });
    await firstProgress;
    const cancelled = await service.cancel(job.exportId);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.rows).toBeLessThan(ROWS);
    expect(cancelled.path).toBeNull();
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(path.dirname(target))).toEqual([]);
    expect(service.status(job.exportId).state).toBe('cancelled');
  }, 60_000);

  it('an unknown export id is not_found', () => {
    expect(() => ctx.exports.status('nope')).toThrow(/No export/);
  });
});
