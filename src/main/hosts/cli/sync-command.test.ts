import { describe, expect, it } from 'vitest';
import type { SyncJobStatus, SyncStatus } from '../../../shared/contract';
import { progressLine } from './sync-command';

const job = (over: Partial<SyncJobStatus>): SyncJobStatus => ({
  job: 'projects', state: 'running', rows: 400, totalRows: 1000, pages: 2, totalPages: 5, requestsPerMinute: 120, etaSeconds: 3, lastError: null, lastSuccessAt: null, skippedItems: 0, unfitValues: 0, ...over,
});
const status = (over: Partial<SyncStatus>): SyncStatus => ({
  connectionId: 'demo', revision: 1, state: 'running', startedAt: null, finishedAt: null, jobs: [job({})], rateLimitPerMinute: null,
  lastError: null, skippedItems: 0, unfitValues: 0, etaSeconds: 42, etaLeavesOut: [], ...over,
});

describe('the sync progress line', () => {
  it("says the whole run's time left", () => {
    expect(progressLine(status({}))).toBe('[sync running] projects: 400 rows, page 2/5, 120 req/min, less than 10 s left (whole sync: about 40 s left)');
    expect(progressLine(status({ etaSeconds: 150, jobs: [job({ etaSeconds: 100 })] }))).toContain('req/min, about 2 min left (whole sync: about 3 min left)');
  });
  it('names the jobs that time does not count yet', () => {
    expect(progressLine(status({ etaLeavesOut: ['satellite', 'boundaries'] }))).toContain('(whole sync: about 40 s left, not counting satellite, boundaries: sizing)');
  });
  it('says a running job whose size is not known yet is being sized', () => {
    expect(progressLine(status({ jobs: [job({ job: 'satellite', totalPages: null, pages: 3, etaSeconds: null })] }))).toContain('satellite: 400 rows, page 3, 120 req/min, sizing (whole sync');
  });
});

describe('the sync summary line', () => {
  it('counts items skipped and values that did not fit, and says how to list them', () => {
    expect(progressLine(status({ state: 'done', etaSeconds: null, jobs: [job({ state: 'done' })], skippedItems: 1, unfitValues: 5 }))).toBe(
      '[sync done] done: projects; 1 item skipped (no usable identity), 5 values did not fit their field (kept as sent): call sync.dataIssues to see them',
    );
    expect(progressLine(status({ state: 'done', etaSeconds: null, jobs: [job({ state: 'done' })], unfitValues: 1 }))).toBe(
      '[sync done] done: projects; 1 value did not fit its field (kept as sent): call sync.dataIssues to see them',
    );
  });
});
