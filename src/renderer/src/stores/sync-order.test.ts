import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../shared/contract';
import { isNewerSync } from './sync-order';

function status(connectionId: string, revision: number, state: SyncStatus['state'] = 'running'): SyncStatus {
  return { connectionId, revision, state, startedAt: null, finishedAt: null, jobs: [], rateLimitPerMinute: null, lastError: null, skippedItems: 0, unfitValues: 0, etaSeconds: null, etaLeavesOut: [] };
}

describe('isNewerSync', () => {
  it('takes the first status', () => {
    expect(isNewerSync(null, status('demo', 1))).toBe(true);
  });

  it('keeps a failure that arrived before the older answer to sync.start', () => {
    const failed = status('svc', 8, 'failed');
    const answer = status('svc', 7, 'running');
    expect(isNewerSync(failed, answer)).toBe(false);
    expect(isNewerSync(answer, failed)).toBe(true);
  });

  it("takes another connection's status whatever its revision (the user switched)", () => {
    expect(isNewerSync(status('demo', 50), status('svc', 3))).toBe(true);
  });

  it('takes an equal revision (the same snapshot read twice)', () => {
    expect(isNewerSync(status('demo', 5), status('demo', 5))).toBe(true);
  });
});
