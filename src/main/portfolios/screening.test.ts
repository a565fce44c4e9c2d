import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openQueryableCache } from '../analytics/schema';
import { credit, project, writeCredits, writeProjects, writeSatellite } from '../analytics/testing/tiny-market';
import { parseHoldings } from './holdings-parse';
import { holdingsPage, portfolioSummary, removePortfolio, savePortfolio, screenPortfolio } from './portfolio-store';
import { readCsv } from './table-reader';

let db: Database.Database;
const NOW = '2026-01-01T00:00:00Z';

function screen(csv: string): { id: number; flags: Map<number, string[]>; page: ReturnType<typeof holdingsPage> } {
  const parsed = parseHoldings(readCsv(Buffer.from(`project_id,vintage,quantity\n${csv}`)));
  const id = savePortfolio(db, { name: 't', file_name: null, parsed, now: NOW });
  screenPortfolio(db, id, NOW);
  const page = holdingsPage(db, id, { limit: 1000 });
  return { id, page, flags: new Map(page.rows.map((r) => [r.row, r.flags.map((f) => f.rule)])) };
}

beforeEach(() => {
  db = openQueryableCache(':memory:');
  writeProjects(db, [
    project({ project_id: 'VCS-1', registry: 'verra', has_icvcm_ccp: true }),
    project({ project_id: 'VCS-2', registry: 'verra', has_icvcm_ccp: false }),
    project({ project_id: 'GS-3', registry: 'gold', has_icvcm_ccp: true }),
  ]);
  writeCredits(db, [
    credit({ project_id: 'VCS-1', vintage: 2020, transaction_type: 'issuance', quantity: 100 }),
    credit({ project_id: 'VCS-1', vintage: 2020, transaction_type: 'retirement', quantity: 30 }),
    credit({ project_id: 'VCS-1', vintage: 2020, transaction_type: 'cancellation', quantity: 20 }),
    credit({ project_id: 'VCS-1', vintage: 2021, transaction_type: 'issuance', quantity: 10 }),
    credit({ project_id: 'VCS-1', vintage: 2021, transaction_type: 'retirement', quantity: 15 }),
    credit({ project_id: 'VCS-2', vintage: 2019, transaction_type: 'issuance', quantity: 1000 }),
  ]);
});
afterEach(() => db.close());

describe('exceeds_unretired', () => {
  it('flags more than issued minus retired minus cancelled, not an equal quantity', () => {
    const { flags, page } = screen('VCS 1,2020,50\nvcs-1,2020,50.5\nVCS1,2020,0.001\n');
    expect(flags.get(2)).not.toContain('exceeds_unretired');
    expect(flags.get(3)).toContain('exceeds_unretired');
    expect(flags.get(4)).not.toContain('exceeds_unretired');
    const f = page.rows[1]?.flags.find((x) => x.rule === 'exceeds_unretired');
    expect(f?.evidence).toMatchObject({ issued: 100, retired: 30, cancelled: 20, unretired: 50, holding_quantity: 50.5 });
    expect(f?.message).toBe('The holding of 50.5 t exceeds the 50 t unretired of project VCS-1, vintage 2020 (issued 100, retired 30, cancelled 20).');
  });
  it('sums the whole project without a vintage', () => {
    const { flags } = screen('VCS-1,,45\nVCS-1,,46\n');
    expect(flags.get(2)).not.toContain('exceeds_unretired');
    expect(flags.get(3)).toContain('exceeds_unretired');
  });
  it('flags a project without transactions, saying so', () => {
    const { page } = screen('GS-3,2020,1\n');
    const f = page.rows[0]?.flags.find((x) => x.rule === 'exceeds_unretired');
    expect(f?.evidence).toMatchObject({ transactions: 0, unretired: 0 });
    expect(f?.message).toMatch(/no transactions of it are cached/);
  });
});

describe('vintage_over_retired', () => {
  it('flags retired plus cancelled above issued, not equal', () => {
    writeCredits(db, [credit({ project_id: 'VCS-1', vintage: 2022, transaction_type: 'issuance', quantity: 10 }), credit({ project_id: 'VCS-1', vintage: 2022, transaction_type: 'retirement', quantity: 10 })]);
    const { flags } = screen('VCS-1,2021,1\nVCS-1,2022,1\nVCS-1,2020,1\n');
    expect(flags.get(2)).toContain('vintage_over_retired');
    expect(flags.get(3)).not.toContain('vintage_over_retired');
    expect(flags.get(4)).not.toContain('vintage_over_retired');
  });
});

describe('unknown_project', () => {
  it('flags an id not cached and says whether the project list is complete', () => {
    let r = screen('VCS-999,2020,1\n');
    expect(r.page.rows[0]?.flags.map((f) => f.rule)).toEqual(['unknown_project']);
    expect(r.page.rows[0]?.flags[0]?.evidence).toMatchObject({ projects_complete: false });
    db.prepare(`INSERT INTO sync_state (job, state, last_full_success_at) VALUES ('projects', 'done', ?)`).run(NOW);
    r = screen('VCS-999,2020,1\n');
    expect(r.page.rows[0]?.flags[0]?.evidence).toMatchObject({ projects_complete: true });
  });
  it('matches every spelling ignoring case', () => {
    const { page } = screen('vcs 2,2019,1\nVCS2,2019,1\nVcs-2,2019,1\n');
    expect(page.rows.map((r) => r.project_ref)).toEqual(['VCS-2', 'VCS-2', 'VCS-2']);
  });
});

describe('labels, satellite and forensics', () => {
  it('flags no_ccp_label for false and unknown labels only', () => {
    db.prepare(`UPDATE projects SET has_icvcm_ccp = NULL WHERE project_id = 'GS-3'`).run();
    const { flags } = screen('VCS-1,2020,1\nVCS-2,2019,1\nGS-3,,1\n');
    expect([2, 3, 4].map((r) => flags.get(r)?.includes('no_ccp_label'))).toEqual([false, true, true]);
  });
  it('flags satellite_high_risk for HIGH only', () => {
    writeSatellite(db, [{ project_id: 'VCS-1', has_boundary: true, risk_level: 'HIGH', integrity_score: 0.2 }, { project_id: 'VCS-2', has_boundary: true, risk_level: 'MEDIUM' }]);
    const { flags, page } = screen('VCS-1,2020,1\nVCS-2,2019,1\n');
    expect(flags.get(2)).toContain('satellite_high_risk');
    expect(flags.get(3)).not.toContain('satellite_high_risk');
    expect(page.rows[0]?.flags.find((f) => f.rule === 'satellite_high_risk')?.evidence).toMatchObject({ risk_level: 'HIGH', integrity_score: 0.2 });
  });
  it('flags forensic_new_findings for entries new this week, with the latest', () => {
    const ins = db.prepare(`INSERT INTO project_forensic_entries (project_id, position, id, date, key_event, url, is_new_this_week) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    ins.run('VCS-1', 0, 11, '2026-01-01', 'Audit reopened', 'https://news/1', 1);
    ins.run('VCS-2', 0, 12, '2025-01-01', 'Old story', 'https://news/2', 0);
    const { flags, page } = screen('VCS-1,2020,1\nVCS-2,2019,1\n');
    expect(flags.get(2)).toContain('forensic_new_findings');
    expect(flags.get(3)).not.toContain('forensic_new_findings');
    expect(page.rows[0]?.flags.find((f) => f.rule === 'forensic_new_findings')?.evidence).toMatchObject({ new_entries: 1, latest: [{ id: 11, url: 'https://news/1' }] });
  });
});

describe('the portfolio store', () => {
  it('totals by rule, filters by rule, reports newly flagged rows and removes', () => {
    const { id } = screen('VCS-1,2020,10\nVCS-2,2019,2000.5\nX-1,,3\n');
    const s = portfolioSummary(db, id);
    expect(s).toMatchObject({ holdings: 3, matched: 2, tonnes: 2013.5, flagged_holdings: 2 });
    expect(s?.by_rule.find((r) => r.rule === 'exceeds_unretired')).toEqual({ rule: 'exceeds_unretired', holdings: 1, tonnes: 2000.5 });
    expect(holdingsPage(db, id, { rule: 'unknown_project' }).rows.map((r) => r.row)).toEqual([4]);
    expect(screenPortfolio(db, id, NOW)).toEqual([]);
    writeSatellite(db, [{ project_id: 'VCS-1', has_boundary: true, risk_level: 'HIGH' }]);
    expect(screenPortfolio(db, id, NOW)).toEqual([2]);
    expect(removePortfolio(db, id)).toBe(true);
    expect(portfolioSummary(db, id)).toBeNull();
  });
});

describe('integrity_signal', () => {
  const signal = (key: string, project: string, vintage: number | null, kind = 'retired_exceeds_issued') =>
    db.prepare(`INSERT INTO integrity_signals (signal_key, kind, project_id, vintage, figures, transaction_ids, fields, detected_at) VALUES (?, ?, ?, ?, ?, ?, '[]', ?)`)
      .run(key, kind, project, vintage, JSON.stringify({ issued: 10, retired: 15 }), JSON.stringify([4, 5]), NOW);

  it('flags the holdings of the signal\'s vintage and those naming none, not other vintages', () => {
    signal('a', 'VCS-1', 2021);
    const { flags, page } = screen('VCS-1,2021,1\nVCS-1,2020,1\nVCS-1,,1\nVCS-2,2019,1\n');
    expect(flags.get(2)).toContain('integrity_signal');
    expect(flags.get(3)).not.toContain('integrity_signal');
    expect(flags.get(4)).toContain('integrity_signal');
    expect(flags.get(5)).not.toContain('integrity_signal');
    const f = page.rows[0]?.flags.find((x) => x.rule === 'integrity_signal');
    expect(f?.evidence).toEqual({ signals: [{ kind: 'retired_exceeds_issued', vintage: 2021, issued: 10, retired: 15 }], transaction_ids: '4, 5' });
    expect(f?.message).toBe('The registry data of VCS-1 carries the integrity signal retired_exceeds_issued (vintage 2021).');
  });

  it('flags every holding of a project-wide signal, its signals in one flag', () => {
    signal('b', 'VCS-2', null, 'totals_mismatch');
    signal('c', 'VCS-2', null, 'large_retirement');
    const { page } = screen('VCS-2,2019,1\nVCS-2,,2\n');
    for (const row of page.rows) {
      const flags = row.flags.filter((x) => x.rule === 'integrity_signal');
      expect(flags).toHaveLength(1);
      expect(flags[0]?.message).toBe('The registry data of VCS-2 carries 2 integrity signals: large_retirement, totals_mismatch.');
    }
  });
});
