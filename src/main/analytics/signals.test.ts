/**
 * Integrity signals on hand-made markets: each kind at its boundaries (exactly half, exactly 1%,
 * exactly 1,000 t, null dates and vintages, fractional tonnes), the recompute's new and resolved
 * signals in the change log, and signals.list / signals.summary / signalsOfProjects over them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import type { CreditTransaction, Project } from '../../shared/api';
import { computeSignals, recomputeSignals } from '../cache/integrity-signals';
import { openQueryableCache } from './schema';
import { sqliteContext } from './read-engine';
import { prepareReadConnection } from './read-views';
import { listSignals, signalSummary, signalsOfProjects } from './signals';
import { credit, project, writeCredits, writeProjects } from './testing/tiny-market';

let db: Database.Database | undefined;
afterEach(() => db?.close());

let id = 1000;
const iss = (project_id: string, quantity: number, vintage: number | null, transaction_date: string | null = '2020-01-01') =>
  credit({ id: id++, project_id, quantity, vintage, transaction_date, transaction_type: 'issuance' });
const ret = (project_id: string, quantity: number, vintage: number | null, transaction_date: string | null = '2021-01-01', type = 'retirement') =>
  credit({ id: id++, project_id, quantity, vintage, transaction_date, transaction_type: type, retirement_beneficiary_harmonized: 'Acme' });

function market(projects: Project[], credits: CreditTransaction[]): Database.Database {
  db = openQueryableCache(':memory:');
  writeProjects(db, projects);
  writeCredits(db, credits);
  return db;
}
const keys = (d: Database.Database, kind: string, complete = false) =>
  computeSignals(d, { creditsComplete: complete }).filter((s) => s.kind === kind).map((s) => s.signal_key).sort();

describe('retired_exceeds_issued', () => {
  it('retired plus cancelled above issued, per vintage; equal is no signal; fractional and null vintages', () => {
    const d = market([project({ project_id: 'P1', issued: 1e9, retired: 0 })], [
      iss('P1', 100, 2020), ret('P1', 60.5, 2020), ret('P1', 39.5, 2020, '2021-01-01', 'cancellation'),
      iss('P1', 100, 2021), ret('P1', 100.25, 2021),
      iss('P1', 10, null), ret('P1', 20, null),
      ret('P1', 5, 2022),
    ]);
    expect(keys(d, 'retired_exceeds_issued')).toEqual(['retired_exceeds_issued|P1|', 'retired_exceeds_issued|P1|2021', 'retired_exceeds_issued|P1|2022']);
    const s = computeSignals(d).find((x) => x.signal_key === 'retired_exceeds_issued|P1|2021')!;
    expect(s.figures).toEqual({ issued: 100, retired: 100.25, cancelled: 0, excess: 0.25 });
    expect(s.transaction_ids).toHaveLength(1);
    expect(computeSignals(d).find((x) => x.signal_key === 'retired_exceeds_issued|P1|')!.vintage).toBeNull();
  });
});

describe('retirement_before_issuance', () => {
  it('the earliest dated retirement before the earliest dated issuance; same day, undated and missing sides are none', () => {
    const d = market([project({ project_id: 'P2', issued: 1e9 })], [
      iss('P2', 100, 2020, '2021-05-01'), ret('P2', 1, 2020, '2021-04-30'), ret('P2', 1, 2020, '2021-06-01'),
      iss('P2', 100, 2021, '2021-05-01'), ret('P2', 1, 2021, '2021-05-01'),
      iss('P2', 100, 2022, '2021-05-01'), ret('P2', 1, 2022, null),
      iss('P2', 100, 2023, null), ret('P2', 1, 2023, '2020-01-01'),
      iss('P2', 100, null, '2022-01-01'), ret('P2', 1, null, '2021-12-31'),
    ]);
    expect(keys(d, 'retirement_before_issuance')).toEqual(['retirement_before_issuance|P2|', 'retirement_before_issuance|P2|2020']);
    const s = computeSignals(d).find((x) => x.signal_key === 'retirement_before_issuance|P2|2020')!;
    expect(s.figures).toEqual({ first_retirement_date: '2021-04-30', first_issuance_date: '2021-05-01', days_before: 1 });
    expect(s.transaction_ids).toHaveLength(2);
  });
});

describe('totals_mismatch', () => {
  const projects = [
    project({ project_id: 'EXACT1PCT', issued: 100_000, retired: 0 }),
    project({ project_id: 'EXACT1PCT-2', issued: 200_000, retired: 0 }),
    project({ project_id: 'OVER', issued: 200_000, retired: 0 }),
    project({ project_id: 'SMALL', issued: 50_000, retired: 0 }),
    project({ project_id: 'RETIRED', issued: 1e7, retired: 10_000 }),
    project({ project_id: 'UNDER-1000', issued: 10_000, retired: 0 }),
  ];
  const credits = [
    iss('EXACT1PCT', 101_000, 2020), // 1,000 t: exactly 1% and exactly 1,000 t
    iss('EXACT1PCT-2', 202_000, 2020), // exactly 1%
    iss('OVER', 202_000.5, 2020), // just over both
    iss('SMALL', 51_200, 2020), // 2.4% and 1,200 t
    iss('RETIRED', 1e7, 2020), ret('RETIRED', 1_000, 2020), // retired listed 10,000, cached 1,000
    iss('UNDER-1000', 10_900, 2020), // 9% but 900 t
  ];
  it('more than 1% and more than 1,000 t, issued and retired, once the credits are completely synced', () => {
    const d = market(projects, credits);
    expect(keys(d, 'totals_mismatch', true)).toEqual(['totals_mismatch|OVER|issued', 'totals_mismatch|RETIRED|retired', 'totals_mismatch|SMALL|issued']);
    expect(computeSignals(d, { creditsComplete: true }).find((s) => s.signal_key === 'totals_mismatch|RETIRED|retired')!.figures)
      .toEqual({ field: 'retired', listed: 10_000, cached: 1_000, difference: -9_000, relative: -0.9 });
    expect(keys(d, 'totals_mismatch', false)).toEqual([]);
  });
  it('reads completeness from the credits job', () => {
    const d = market(projects, credits);
    expect(computeSignals(d).filter((s) => s.kind === 'totals_mismatch')).toEqual([]);
    d.prepare("INSERT INTO sync_state (job, state, cursor, last_success_at) VALUES ('credits', 'running', '{\"next_page\":2}', '2026-01-01')").run();
    expect(computeSignals(d).filter((s) => s.kind === 'totals_mismatch')).toEqual([]);
    d.prepare("UPDATE sync_state SET state = 'done', cursor = NULL WHERE job = 'credits'").run();
    expect(computeSignals(d).filter((s) => s.kind === 'totals_mismatch')).toHaveLength(3);
  });
});

describe('large_retirement', () => {
  it('one retirement of at least half the listed issued: exactly half is one, fractional just under is not', () => {
    const d = market([project({ project_id: 'P7', issued: 1000 }), project({ project_id: 'P8', issued: 1001 }), project({ project_id: 'ZERO', issued: 0 })], [
      iss('P7', 1000, 2020), ret('P7', 500, 2020), ret('P7', 499.5, 2021),
      iss('P8', 1001, 2020), ret('P8', 500.5, null),
      ret('ZERO', 10, 2020),
    ]);
    const large = computeSignals(d).filter((s) => s.kind === 'large_retirement');
    expect(large.map((s) => [s.project_id, s.vintage, s.figures.quantity])).toEqual([['P7', 2020, 500], ['P8', null, 500.5]]);
    expect(large[0]!.figures.share).toBe(0.5);
  });
});

describe('recompute, change log and reads', () => {
  it('keeps signals that hold, logs new and resolved ones after the first computation, and lists them', () => {
    const d = market([project({ project_id: 'P1', name: 'One', registry: 'verra', issued: 1000 }), project({ project_id: 'G2', registry: 'gold-standard', issued: 100 })], [
      iss('P1', 100, 2020), ret('P1', 200, 2020), iss('G2', 100, 2020), ret('G2', 10, 2020),
    ]);
    d.prepare('INSERT INTO sync_runs (run_id, started_at) VALUES (1, ?), (2, ?)').run('2026-01-01', '2026-01-02');
    expect(recomputeSignals(d, 1)).toMatchObject({ signals: 2, added: 2, resolved: 0 }); // P1's vintage 2020, and P1 as a whole
    expect(d.prepare('SELECT count(*) FROM change_log').pluck().get()).toBe(0); // the baseline
    const firstSeen = d.prepare('SELECT detected_at FROM integrity_signals').pluck().get();
    writeCredits(d, [ret('G2', 95, 2020)]);
    d.prepare('UPDATE credit_transactions SET quantity = 50 WHERE project_id = ? AND quantity = 200').run('P1');
    expect(recomputeSignals(d, 2)).toMatchObject({ added: 3, resolved: 2 });
    const log = d.prepare('SELECT kind, project_id, field FROM change_log ORDER BY id').all();
    expect(log).toEqual([
      { kind: 'signals_new', project_id: 'G2', field: 'retired_exceeds_issued' },
      { kind: 'signals_new', project_id: 'G2', field: 'retired_exceeds_issued' },
      { kind: 'signals_new', project_id: 'G2', field: 'large_retirement' },
      { kind: 'signals_resolved', project_id: 'P1', field: 'retired_exceeds_issued' },
      { kind: 'signals_resolved', project_id: 'P1', field: 'retired_exceeds_issued' },
    ]);
    expect(d.prepare('SELECT count(*) FROM integrity_signals WHERE detected_at = ?').pluck().get(firstSeen)).toBe(0);

    prepareReadConnection(d);
    const ctx = sqliteContext(d);
    const all = listSignals(ctx, {});
    expect(all.pagination.total_entries).toBe(3);
    expect(all.data.map((s) => [s.kind, s.vintage])).toEqual([['large_retirement', 2020], ['retired_exceeds_issued', 2020], ['retired_exceeds_issued', null]]);
    expect(all.data[0]).toMatchObject({ project_id: 'G2', registry: 'gold-standard', vintage: 2020, figures: { quantity: 95, project_issued: 100 } });
    expect(listSignals(ctx, { registry: ['VERRA'] }).data).toEqual([]);
    expect(listSignals(ctx, { kind: ['large_retirement'], project_id: ['g2'] }).data).toHaveLength(1);
    expect(listSignals(ctx, { sort: ['-kind'], per_page: 1, current_page: 3 }).data[0]!.kind).toBe('large_retirement');
    expect(signalSummary(ctx, {})).toEqual({
      total: 3, projects: 1,
      by_kind: [
        { kind: 'retired_exceeds_issued', signals: 2, projects: 1 },
        { kind: 'retirement_before_issuance', signals: 0, projects: 0 },
        { kind: 'totals_mismatch', signals: 0, projects: 0 },
        { kind: 'large_retirement', signals: 1, projects: 1 },
      ],
    });
    expect(signalsOfProjects(ctx, ['g2', 'P1']).map((s) => s.kind)).toEqual(['large_retirement', 'retired_exceeds_issued', 'retired_exceeds_issued']);
    expect(signalsOfProjects(ctx, [])).toEqual([]);
  });
});
