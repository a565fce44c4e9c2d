/** The sync's time left, on an injected clock with scripted steps (no wall clock). */
import { describe, expect, it } from 'vitest';
import type { SyncJobName } from '../../shared/contract';
import type { SyncCheckpoint } from '../cache/repositories/sync-state-repository';
import { DEFAULT_PUBLISH_SECONDS_PER_ROW, DEFAULT_RATES, MEASURED_AFTER_MS, RATE_WINDOW_MS, SyncEta, type JobFacts } from './sync-eta';

/** An estimator on a clock the test moves, and the statuses of the jobs it is asked about. */
function world() {
  let now = 1_000_000;
  const eta = new SyncEta(() => now);
  const jobs = new Map<SyncJobName, JobFacts>();
  const job = (name: SyncJobName, over: Partial<JobFacts> = {}): JobFacts => {
    const j = { job: name, state: 'queued' as const, pages: 0, totalPages: null, totalRows: null, ...jobs.get(name), ...over };
    jobs.set(name, j);
    return j;
  };
  return {
    eta,
    job,
    advance: (ms: number) => void (now += ms),
    /** A step of `pages` pages of a running job, `ms` after the one before, its totals told. */
    step(name: SyncJobName, pages: number, ms: number, totalPages: number | null = null) {
      now += ms;
      const j = job(name, { state: 'running' });
      j.pages += pages;
      if (totalPages !== null) j.totalPages = totalPages;
      eta.step(name, j.pages);
    },
    estimate: (limit: number | null = null) => eta.estimate([...jobs.values()], limit),
  };
}

const checkpoint = (over: Partial<SyncCheckpoint>): SyncCheckpoint => ({
  job: 'projects', state: 'done', mode: 'full', cursor: null, pass: 3, rows: 11_000, pages: 55, total_rows: 11_000, total_pages: 55, window_from: null,
  started_at: '2026-01-10T09:00:00.000Z', last_success_at: '2026-01-10T09:00:11.000Z', last_full_success_at: '2026-01-10T09:00:11.000Z', last_error: null, ...over,
});

describe('the sync ETA', () => {
  it('counts a steady job at its measured rate once it has run a little, its first step (the pipeline filling) not timed', () => {
    const w = world();
    // 1,000 pages at 100 a second, after a first step that came late (its requests in flight filling).
    w.step('credits', 10, 900, 1000);
    for (let i = 0; i < 5; i++) w.step('credits', 10, 100);
    // Not run a little yet: counted at its default rate.
    expect(w.estimate().seconds).toBeCloseTo(940 / DEFAULT_RATES.credits);
    for (let i = 0; i < 10; i++) w.step('credits', 10, 100);
    expect(w.estimate().seconds).toBeCloseTo(840 / 100);
    expect(w.estimate().jobs.get('credits')).toBeCloseTo(8.4);
    // Steady all along: the time left falls as the clock moves.
    for (let i = 0; i < 40; i++) w.step('credits', 10, 100);
    expect(w.estimate().seconds).toBeCloseTo(4.4);
  });

  it('follows a job that speeds up within its rate window', () => {
    const w = world();
    w.step('projects', 5, 100, 2000);
    // 10 s at 20 pages a second, then 100 a second.
    for (let i = 0; i < 50; i++) w.step('projects', 4, 200);
    expect(w.estimate().seconds).toBeCloseTo((2000 - 205) / 20);
    for (let i = 0; i < 5; i++) w.step('projects', 20, 200);
    // Part of its window still at the slower rate: between the two.
    const mixed = w.estimate().seconds;
    expect(mixed).toBeLessThan((2000 - 305) / 20);
    expect(mixed).toBeGreaterThan((2000 - 305) / 100);
    for (let i = 0; i < RATE_WINDOW_MS / 200; i++) w.step('projects', 20, 200);
    expect(w.estimate().seconds).toBeCloseTo((2000 - 305 - 500) / 100);
  });

  it('leaves out a job whose size is not known yet and names it, rather than guessing', () => {
    const w = world();
    w.job('projects');
    w.job('countries');
    w.job('credits');
    w.eta.size('credits', 1000);
    // One-request jobs are one request each.
    w.job('keyInfo');
    const before = w.estimate();
    expect(before.leavesOut).toEqual(['projects', 'countries']);
    expect(before.jobs.get('projects')).toBeNull();
    expect(before.seconds).toBeCloseTo(1000 / DEFAULT_RATES.credits + 1 / DEFAULT_RATES.keyInfo);
    // A queued job's totals from its previous pass are no size for this one.
    w.job('countries', { totalPages: 50 });
    expect(w.estimate().leavesOut).toEqual(['projects', 'countries']);
    // Running, before its first page, it is still unsized; its first page tells its size.
    w.job('projects', { state: 'running' });
    expect(w.estimate().leavesOut).toEqual(['projects', 'countries']);
    w.step('projects', 1, 50, 60);
    expect(w.estimate().leavesOut).toEqual(['countries']);
    expect(w.estimate().jobs.get('projects')).toBeCloseTo(59 / DEFAULT_RATES.projects);
    // A pass resumed from its checkpoint is sized by it.
    w.job('countries', { pages: 20, totalPages: 50 });
    expect(w.estimate().leavesOut).toEqual([]);
    expect(w.estimate().jobs.get('countries')).toBeCloseTo(30 / DEFAULT_RATES.countries);
    // Jobs done, failed or not in the run count nothing.
    w.job('projects', { state: 'done' });
    w.job('countries', { state: 'failed' });
    w.job('keyInfo', { state: 'idle' });
    expect(w.estimate().seconds).toBeCloseTo(1000 / DEFAULT_RATES.credits);
    expect([...w.estimate().jobs.keys()]).toEqual(['credits']);
  });

  it('uses the rate of the job\'s last completed pass before it has run a little, then its own', () => {
    const w = world();
    // Its last pass: 55 pages in 11 s (5 a second).
    w.eta.remember(checkpoint({}));
    w.job('projects', { totalPages: 55 });
    w.eta.size('projects', 55);
    expect(w.estimate().seconds).toBeCloseTo(11);
    w.step('projects', 1, 300, 60);
    w.step('projects', 1, 100);
    w.step('projects', 1, 100);
    expect(w.estimate().seconds).toBeCloseTo(57 / 5);
    // Run a little: now counted at this run's rate, 10 a second.
    for (let i = 0; i < 8; i++) w.step('projects', 1, 100);
    expect(w.estimate().seconds).toBeCloseTo(49 / 10);
    // A pass not completed, or resumed and still under way, says nothing of the rate.
    const v = world();
    v.eta.remember(checkpoint({ state: 'failed' }));
    v.eta.remember(checkpoint({ job: 'satellite', cursor: { offset: 3000 } }));
    v.eta.size('projects', 55);
    v.eta.size('satellite', 10);
    v.job('projects');
    v.job('satellite');
    expect(v.estimate().seconds).toBeCloseTo(55 / DEFAULT_RATES.projects + 10 / DEFAULT_RATES.satellite);
  });

  it("adds a full credits pass's publishing: the last one's seconds in proportion to its rows, counted down once it runs", () => {
    const w = world();
    w.eta.rememberPublish({ rows: 500_000, seconds: 2.5 });
    // Its last full pass: 2,500 pages in 10 s, of which 2.5 s were the publishing (5 s of pages at 333 a second).
    w.eta.remember(checkpoint({ job: 'credits', pages: 2500, started_at: '2026-01-10T09:00:00.000Z', last_success_at: '2026-01-10T09:00:10.000Z' }));
    w.job('credits');
    w.eta.size('credits', 3000);
    w.eta.fullPass('credits', 600_000);
    expect(w.estimate().seconds).toBeCloseTo(3000 / (2500 / 7.5) + 3);
    // Its own totals, once it runs, are its rows.
    w.step('credits', 3000, 100, 3000);
    w.job('credits', { totalRows: 400_000 });
    expect(w.estimate().seconds).toBeCloseTo(2);
    w.eta.publishing('credits');
    w.advance(1500);
    expect(w.estimate().seconds).toBeCloseTo(0.5);
    // A publishing that outlasts its estimate counts nothing more.
    w.advance(1000);
    expect(w.estimate().seconds).toBe(0);
    // Without one remembered: the default per row; and an incremental pass publishes nothing.
    const v = world();
    v.job('credits', { state: 'running', totalPages: 10, totalRows: 2_000 });
    v.eta.fullPass('credits', null);
    expect(v.estimate().seconds).toBeCloseTo(10 / DEFAULT_RATES.credits + 2_000 * DEFAULT_PUBLISH_SECONDS_PER_ROW);
    const incremental = world();
    incremental.job('credits', { state: 'running', totalPages: 10, totalRows: 2_000 });
    expect(incremental.estimate().seconds).toBeCloseTo(10 / DEFAULT_RATES.credits);
  });

  it('adds the jobs up in their order: one runs at a time', () => {
    const w = world();
    w.job('satellite', { state: 'done', pages: 12, totalPages: 12 });
    w.step('projects', 5, 100, 60);
    for (let i = 0; i < 12; i++) w.step('projects', 2, 100);
    w.job('credits');
    w.eta.size('credits', 2000);
    w.job('boundaries');
    w.eta.size('boundaries', 4000);
    const e = w.estimate();
    expect(e.jobs.get('projects')).toBeCloseTo(31 / 20);
    expect(e.seconds).toBeCloseTo(31 / 20 + 2000 / DEFAULT_RATES.credits + 4000 / DEFAULT_RATES.boundaries);
  });

  it('never counts a job faster than the rate limit allows, its requests per item included', () => {
    const w = world();
    w.job('projectForensics');
    w.eta.size('projectForensics', 600, 1200);
    w.job('boundaries');
    w.eta.size('boundaries', 600);
    // 600 requests a minute: 1,200 requests take 120 s, 600 take 60 s.
    expect(w.estimate(600).seconds).toBeCloseTo(180);
    expect(w.estimate(null).seconds).toBeCloseTo(600 / DEFAULT_RATES.projectForensics + 600 / DEFAULT_RATES.boundaries);
  });

  it('does not take the time paused for a job\'s', () => {
    const w = world();
    w.step('credits', 10, 500, 1000);
    for (let i = 0; i < 20; i++) w.step('credits', 10, 100);
    expect(w.estimate().seconds).toBeCloseTo(790 / 100);
    w.eta.pause();
    w.advance(30_000);
    w.eta.resume();
    w.step('credits', 10, 100);
    expect(w.estimate().seconds).toBeCloseTo(780 / 100);
    // A publishing's clock stops too.
    const v = world();
    v.job('credits', { state: 'running', pages: 10, totalPages: 10, totalRows: 100_000 });
    v.eta.rememberPublish({ rows: 100_000, seconds: 4 });
    v.eta.fullPass('credits', 100_000);
    v.eta.publishing('credits');
    v.advance(1000);
    v.eta.pause();
    v.advance(60_000);
    v.eta.resume();
    expect(v.estimate().seconds).toBeCloseTo(3);
  });

  it('measures once its steps span MEASURED_AFTER_MS past its first', () => {
    const w = world();
    w.eta.size('projects', 100);
    w.step('projects', 1, 10, 100);
    w.step('projects', 40, MEASURED_AFTER_MS - 1);
    expect(w.estimate().seconds).toBeCloseTo(59 / DEFAULT_RATES.projects);
    w.step('projects', 1, 1);
    expect(w.estimate().seconds).toBeCloseTo(58 / (41 / (MEASURED_AFTER_MS / 1000)));
  });
});
