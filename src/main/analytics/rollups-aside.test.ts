import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { creditTransactionSchema, type CreditTransaction } from '../../shared/api';
import { CreditTransactionRepository } from '../cache/repositories/credit-transaction-repository';
import { creditRows } from '../cache/repositories/credit-rows';
import { startWorker } from '../worker-thread';
import { rebuildRollups, refreshAggregates, type PreparedRollups } from './aggregates';
import { BESIDE, asideFile, buildRollupsAside, startRollupsAside, type RollupsAsideData, type RollupsThread } from './rollups-aside';
import { ROLLUPS } from './rollup-state';
import { openQueryableCache } from './schema';
import { seededRandom } from './testing/synced-market';
import { project, writeProjects } from './testing/tiny-market';

const TODAY = '2026-06-30';
const savedToday = process.env.CARBON_TODAY;
let dir: string;
let file: string;
let db: Database.Database;
let repo: CreditTransactionRepository;

/** A pass of seeded transactions: case variants of buyers, transactions without a project, fractions, missing dates and vintages, the windows' edges. */
function pass(seed: number, count: number): CreditTransaction[] {
  const { pick } = seededRandom(seed);
  const buyers = ['Acme Air', 'acme air', 'ACME AIR', "O'Brien & Co", '100% Green_Co', 'Zeta', null];
  const days = ['2026-06-30', '2026-05-01', '2025-07-01', '2025-06-30', '2024-02-29', '2019-01-01', null];
  return Array.from({ length: count }, (_, i) => {
    const projectId = pick(['VCS-1', 'VCS-2', 'GLD-3', 'ACR-4', 'NOT-CACHED-9', null]);
    return creditTransactionSchema.parse({
      id: seed * 100_000 + i,
      quantity: pick([1, 10, 250, 0.5, 1e9, 0]),
      vintage: pick([2015, 2020, 2024, null]),
      transaction_date: pick(days),
      transaction_type: pick(['retirement', 'retirement', 'issuance', 'cancellation', 'Retirement']),
      retirement_beneficiary_harmonized: pick(buyers),
      projects: projectId === null ? [] : [{ project_id: projectId, category: pick(['forest', 'Forest', null]), project_type: null }],
    });
  });
}

/** Every rollup's rows, in one order. */
function rollups(): Record<string, unknown[]> {
  return Object.fromEntries(ROLLUPS.map((r) => [r, db.prepare(`SELECT * FROM agg_${r} ORDER BY ${db.prepare(`SELECT group_concat(name) FROM pragma_table_info('agg_${r}')`).pluck().get() as string}`).all()]));
}

/** The rollups thread itself, started from its entry file as the cache worker starts it. */
const realThread = (data: RollupsAsideData): RollupsThread => {
  const thread = startWorker(path.join(__dirname, '../workers/rollups-worker.ts'), { workerData: data });
  return { terminate: () => void thread.terminate() };
};

/** The rollups built in this thread, from `data` as changed by `change`. */
const inThread = (change: (d: RollupsAsideData) => RollupsAsideData = (d) => d) => (data: RollupsAsideData): RollupsThread => {
  buildRollupsAside(change(data));
  return { terminate: () => undefined };
};

/** Publishes the staged pass as the cache does (one transaction: the tables swapped, the rollups refreshed), with `prepared` when given. */
function publish(prepared: (PreparedRollups & { end(): void }) | null): Array<{ name: string }> {
  let taken: Array<{ name: string }> = [];
  const watched = prepared && { ...prepared, take: () => { const t = prepared.take(); taken = t.built; return t; } };
  try {
    db.transaction(() => {
      repo.publishStagedPass();
      refreshAggregates(db, 'credits', true, watched ?? undefined);
    })();
  } finally {
    prepared?.end();
  }
  return taken;
}

beforeEach(() => {
  process.env.CARBON_TODAY = TODAY;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-rollups-aside-'));
  file = path.join(dir, 'cache.sqlite');
  db = openQueryableCache(file);
  repo = new CreditTransactionRepository(db);
  writeProjects(db, ['VCS-1', 'VCS-2', 'GLD-3', 'ACR-4'].map((id, i) => project({ project_id: id, category: ['forest', 'Forest', 'energy', null][i], country: ['Peru', 'peru', 'Kenya', null][i], registry: 'verra' })));
  // An older pass is live: rollups read from it instead of the staged one would differ.
  db.transaction(() => repo.upsertCreditTransactions(pass(1, 400), 1))();
  rebuildRollups(db);
  db.transaction(() => {
    repo.startStagedPass();
    repo.stageCreditRows(creditRows(pass(2, 3000)), 2);
  })();
});

afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.env.CARBON_TODAY = savedToday;
});

describe('rollups built beside a publishing', () => {
  it('by their own thread while the publishing builds the indexes, equal the rollups rebuilt from the published rows', () => {
    const built = publish(startRollupsAside(db, file, repo.stagingTable, realThread));
    expect(built.map((b) => b.name)).toEqual([...BESIDE]);
    const beside = rollups();
    expect(beside.buyers?.length).toBeGreaterThan(3);
    rebuildRollups(db);
    expect(rollups()).toEqual(beside);
    // The scratch file went with the publishing.
    expect(fs.existsSync(asideFile(file))).toBe(false);
    expect(db.prepare("SELECT count(*) FROM pragma_database_list WHERE name = 'aside'").pluck().get()).toBe(0);
  });

  it('a thread that fails leaves the publishing to rebuild them, with the same result', () => {
    const built = publish(startRollupsAside(db, file, repo.stagingTable, inThread((d) => ({ ...d, staging: 'no_such_table' }))));
    expect(built).toEqual([]);
    const fallback = rollups();
    rebuildRollups(db);
    expect(rollups()).toEqual(fallback);
  });

  it('windows of another day (the build crossed midnight) are not adopted', () => {
    const built = publish(startRollupsAside(db, file, repo.stagingTable, inThread((d) => ({ ...d, today: '2026-06-29' }))));
    expect(built.map((b) => b.name)).toEqual([...BESIDE]);
    const published = rollups();
    expect(db.prepare("SELECT DISTINCT window_today FROM agg_buyers").pluck().all()).toEqual([TODAY]);
    rebuildRollups(db);
    expect(rollups()).toEqual(published);
  });

  it('a scratch file a crash left behind is replaced', () => {
    fs.writeFileSync(asideFile(file), 'not a database');
    const built = publish(startRollupsAside(db, file, repo.stagingTable, inThread()));
    expect(built.map((b) => b.name)).toEqual([...BESIDE]);
    const beside = rollups();
    rebuildRollups(db);
    expect(rollups()).toEqual(beside);
  });

  it('a publishing that fails keeps the old pass and its rollups, and removes the scratch file', () => {
    const before = rollups();
    const prepared = startRollupsAside(db, file, repo.stagingTable, inThread());
    expect(() =>
      db.transaction(() => {
        repo.publishStagedPass();
        refreshAggregates(db, 'credits', true, prepared ?? undefined);
        throw new Error('killed');
      })(),
    ).toThrow('killed');
    prepared?.end();
    expect(rollups()).toEqual(before);
    expect(repo.hasStagedPass()).toBe(true);
    expect(fs.existsSync(asideFile(file))).toBe(false);
  });

  it('is not started for an in-memory cache, or inside a transaction', () => {
    const memory = openQueryableCache(':memory:');
    expect(startRollupsAside(memory, ':memory:', 'credit_transactions_next', inThread())).toBeNull();
    memory.close();
    db.transaction(() => expect(startRollupsAside(db, file, repo.stagingTable, inThread())).toBeNull())();
  });
});
