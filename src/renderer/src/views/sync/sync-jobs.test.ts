import { describe, expect, it } from 'vitest';
import { SYNC_JOBS, type SyncJobStatus, type SyncStatus } from '../../../../shared/contract';
import { SYNC_JOB_LABELS, allowedActions, formatEta, jobFraction, jobLeft, jobsInWords, overallFraction, runLeft, runTimes } from './sync-jobs';

const job = (over: Partial<SyncJobStatus>): SyncJobStatus => ({
  job: 'projects', state: 'running', rows: 0, totalRows: null, pages: 0, totalPages: null, requestsPerMinute: 0, etaSeconds: null, lastError: null, lastSuccessAt: null, skippedItems: 0, unfitValues: 0, ...over,
});

describe('sync jobs', () => {
  it('labels every job of the contract', () => {
    for (const name of SYNC_JOBS) expect(SYNC_JOB_LABELS[name].label.length).toBeGreaterThan(0);
  });

  it('measures progress by rows, then pages, else unknown', () => {
    expect(jobFraction(job({ rows: 250, totalRows: 1000, pages: 9, totalPages: 10 }))).toBe(0.25);
    expect(jobFraction(job({ pages: 3, totalPages: 4 }))).toBe(0.75);
    expect(jobFraction(job({ rows: 12 }))).toBeNull();
    expect(jobFraction(job({ state: 'done' }))).toBe(1);
    expect(jobFraction(job({ rows: 2000, totalRows: 1000 }))).toBe(1);
    expect(jobFraction(job({ state: 'queued', totalRows: 0, totalPages: 0 }))).toBeNull();
    // a pass under way that waits its turn (resumed) shows how far it got
    expect(jobFraction(job({ state: 'queued', rows: 0, totalRows: 1000, pages: 0, totalPages: 5 }))).toBeNull();
    expect(jobFraction(job({ state: 'queued', rows: 30_000, totalRows: 120_000, pages: 150, totalPages: 600 }))).toBe(0.25);
    expect(jobFraction(job({ state: 'running', totalRows: 0 }))).toBe(0);
  });

  it('formats a duration', () => {
    expect(formatEta(null)).toBe('—');
    expect(formatEta(42)).toBe('42 s');
    expect(formatEta(75)).toBe('1 min 15 s');
    expect(formatEta(120)).toBe('2 min');
    expect(formatEta(3720)).toBe('1 h 2 min');
  });

  it("says a running job's time left in words, or that it is being sized", () => {
    expect(jobLeft(job({ etaSeconds: 95 }))).toBe('about 2 min');
    expect(jobLeft(job({ etaSeconds: 4 }))).toBe('less than 10 s');
    expect(jobLeft(job({ etaSeconds: null }))).toBe('sizing…');
    expect(jobLeft(job({ state: 'queued', etaSeconds: 30 }))).toBe('—');
    expect(jobLeft(job({ state: 'done', etaSeconds: 0 }))).toBe('—');
  });

  it('offers the controls that fit the state', () => {
    expect(allowedActions('running')).toEqual({ start: false, pause: true, resume: false, cancel: true });
    expect(allowedActions('paused')).toEqual({ start: false, pause: false, resume: true, cancel: true });
    expect(allowedActions('done')).toEqual({ start: true, pause: false, resume: false, cancel: false });
    expect(allowedActions(undefined).start).toBe(true);
  });

  it('averages progress over the jobs of the run', () => {
    const status: SyncStatus = {
      connectionId: 'demo', revision: 1, state: 'running', startedAt: null, finishedAt: null, rateLimitPerMinute: 60, lastError: null, skippedItems: 0, unfitValues: 0, etaSeconds: null, etaLeavesOut: [],
      jobs: [job({ state: 'done' }), job({ rows: 50, totalRows: 100 }), job({ state: 'idle' }), job({ state: 'queued', totalRows: 0 })],
    };
    // done 1 + running 0.5 + queued 0, over the three jobs of the run
    expect(overallFraction(status)).toBe(0.5);
    // a queued job whose pass is under way (resumed) counts what it has done
    const resumed = { ...status, jobs: [...status.jobs, job({ state: 'queued', rows: 20, totalRows: 100, pages: 1, totalPages: 5 })] };
    expect(overallFraction(resumed)).toBeCloseTo((1 + 0.5 + 0 + 0.2) / 4);
  });
});

describe('runLeft', () => {
  it('says the whole run\'s time left, or that it is still estimated', () => {
    expect(runLeft('running', null)).toBe('running… (estimating the time left)');
    expect(runLeft('running', 0)).toBe('running… (finishing)');
    expect(runLeft('running', 95)).toBe('running… about 2 min left');
    expect(runLeft('running', 37)).toBe('running… about 40 s left');
    expect(runLeft('running', 3)).toBe('running… less than 10 s left');
  });
  it('names what the estimate does not count yet, the whole offline mirror as one', () => {
    const mirror = ['projectDetails', 'boundaries', 'projectForensics', 'countryUpdates'] as const;
    expect(runLeft('running', 95, ['forensicsLatest', 'satellite', ...mirror])).toBe(
      'running… about 2 min left, not counting forensic feed, satellite metrics and the offline mirror (sizing…)',
    );
    expect(runLeft('running', 95, ['countries', 'projectDetails', 'countryUpdates'])).toBe(
      'running… about 2 min left, not counting country profiles, project details and country updates (sizing…)',
    );
    expect(runLeft('running', 95, ['boundaries'])).toBe('running… about 2 min left, not counting boundaries (sizing…)');
    expect(runLeft('running', 0, ['satellite', 'projects'])).toBe('running… (sizing satellite metrics and projects)');
    expect(runLeft('paused', 95, [...mirror])).toBe('paused; about 2 min of work left, not counting the offline mirror (sizing…)');
    expect(jobsInWords(['keyInfo'])).toBe('API key');
  });
  it('does not say a paused sync is running', () => {
    expect(runLeft('paused', 95)).toBe('paused; about 2 min of work left');
    expect(runLeft('paused', 0.4)).toBe('paused; Resume goes on where it stopped');
    expect(runLeft('paused', null)).toBe('paused; Resume goes on where it stopped');
  });
  it('shows a short run to the second, a long one to the minute', () => {
    const at = (min: number, sec: number) => new Date(2026, 0, 10, 9, min, sec).toISOString();
    expect(runTimes(at(0, 5), at(0, 47))).toEqual({ started: '10 Jan 2026 09:00:05', finished: '10 Jan 2026 09:00:47' });
    expect(runTimes(at(0, 5), at(40, 0))).toEqual({ started: '10 Jan 2026 09:00', finished: '10 Jan 2026 09:40' });
    // A run still going is measured up to now.
    expect(runTimes(at(0, 5), null, new Date(at(1, 0))).started).toBe('10 Jan 2026 09:00:05');
  });
});
