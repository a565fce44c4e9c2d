/** A sync run's status as its events carry it, on an injected clock (no wall clock). */
import { describe, expect, it } from 'vitest';
import { SYNC_JOBS, type SyncJobName } from '../../shared/contract';
import { DEFAULT_RATES } from './sync-eta';
import { SyncProgress } from './sync-progress';

function run(jobs: readonly SyncJobName[]) {
  let now = 5_000_000;
  const progress = new SyncProgress(SYNC_JOBS, { now: () => now });
  progress.state = 'running';
  progress.queue(jobs);
  return { progress, advance: (ms: number) => void (now += ms), job: (name: SyncJobName) => progress.snapshot().jobs.find((j) => j.job === name)! };
}

describe('sync progress', () => {
  it("carries each job's rows, pages, totals and requests a minute", () => {
    const r = run(['projects']);
    r.progress.begin('projects');
    for (let i = 0; i < 3; i++) r.progress.request('projects');
    r.advance(2000);
    r.progress.page('projects', 400, { rows: 1000, pages: 5 }, 2);
    expect(r.job('projects')).toMatchObject({ state: 'running', rows: 400, totalRows: 1000, pages: 2, totalPages: 5, requestsPerMinute: 90 });
    // Requests older than a minute no longer count.
    r.advance(61_000);
    expect(r.job('projects').requestsPerMinute).toBe(0);
  });

  it("has no run time left until a step is in, then each job's and the run's, and 0 once done", () => {
    const r = run(['keyInfo', 'projects', 'credits']);
    r.progress.eta.size('credits', 1000);
    expect(r.progress.snapshot()).toMatchObject({ etaSeconds: null, etaLeavesOut: ['projects'] });
    r.progress.begin('keyInfo');
    r.advance(100);
    r.progress.page('keyInfo', 1, { rows: 1, pages: 1 });
    r.progress.finish('keyInfo', 'done', null);
    r.progress.begin('projects');
    r.advance(100);
    r.progress.page('projects', 200, { rows: 10_000, pages: 50 });
    const s = r.progress.snapshot();
    const projects = 49 / DEFAULT_RATES.projects;
    const credits = 1000 / DEFAULT_RATES.credits;
    expect(s.etaSeconds).toBe(Math.round(projects + credits));
    expect(s.etaLeavesOut).toEqual([]);
    expect(s.jobs.find((j) => j.job === 'projects')!.etaSeconds).toBe(Math.round(projects));
    expect(s.jobs.find((j) => j.job === 'credits')!.etaSeconds).toBe(Math.round(credits));
    expect(s.jobs.find((j) => j.job === 'keyInfo')!.etaSeconds).toBe(0);
    // Jobs not in the run have none.
    expect(s.jobs.find((j) => j.job === 'satellite')!.etaSeconds).toBeNull();
    r.progress.state = 'done';
    expect(r.progress.snapshot()).toMatchObject({ etaSeconds: 0, etaLeavesOut: [] });
  });

  it('reads a resumed pass from its checkpoint, and says nothing of time left when idle', () => {
    const progress = new SyncProgress(SYNC_JOBS);
    progress.fromCheckpoint({
      job: 'credits', state: 'running', mode: 'full', cursor: { next_page: 31 }, pass: 2, rows: 6000, pages: 30, total_rows: 20_000, total_pages: 100, window_from: null,
      started_at: null, last_success_at: null, last_full_success_at: null, last_error: null,
    });
    const s = progress.snapshot();
    expect(s.jobs.find((j) => j.job === 'credits')).toMatchObject({ rows: 6000, pages: 30, totalRows: 20_000, totalPages: 100 });
    expect(s).toMatchObject({ state: 'idle', etaSeconds: null, etaLeavesOut: [] });
  });
});
