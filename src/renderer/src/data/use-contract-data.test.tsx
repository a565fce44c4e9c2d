// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../shared/contract';
import { useAppStore } from '../stores/app-store';
import { useContractData, type ContractData } from './use-contract-data';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
let seen: ContractData<string>;

function Probe({ call, k, enabled = true }: { call: () => Promise<string>; k: string; enabled?: boolean }) {
  seen = useContractData(call, k, { enabled });
  return null;
}
const render = async (el: React.ReactElement) => {
  await act(async () => root.render(el));
};
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const sync = (done: number, finishedAt: string | null): SyncStatus => ({
  connectionId: 'c', revision: done + (finishedAt ? 100 : 0), state: finishedAt ? 'done' : 'running', startedAt: '2026-11-24T00:00:00Z', finishedAt,
  jobs: Array.from({ length: 3 }, (_, i) => ({ job: 'projects', state: i < done ? 'done' : 'queued', rows: 0, totalRows: null, pages: 0, totalPages: null, requestsPerMinute: 0, etaSeconds: null, lastError: null, lastSuccessAt: null, skippedItems: 0, unfitValues: 0 })),
  rateLimitPerMinute: null, lastError: null, skippedItems: 0, unfitValues: 0, etaSeconds: null, etaLeavesOut: [],
});

beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  useAppStore.setState({ sync: null });
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

describe('useContractData', () => {
  it('calls again when a sync changes the cache, keeping the old answer on screen meanwhile', async () => {
    let n = 0;
    let release: (() => void) | null = null;
    const call = () => {
      n++;
      if (n === 1) return Promise.resolve(`answer ${n}`);
      return new Promise<string>((resolve) => (release = () => resolve(`answer ${n}`)));
    };
    await render(<Probe call={call} k="a" />);
    await settle();
    expect(seen.data).toBe('answer 1');
    await act(async () => useAppStore.getState().setSync(sync(1, null)));
    expect(n).toBe(2);
    expect(seen.loading).toBe(true);
    expect(seen.data).toBe('answer 1');
    await act(async () => release!());
    expect(seen.data).toBe('answer 2');
    expect(seen.loading).toBe(false);
  });

  it('drops an answer to outdated inputs', async () => {
    const pending = new Map<string, (v: string) => void>();
    const callFor = (k: string) => () => new Promise<string>((resolve) => pending.set(k, resolve));
    await render(<Probe call={callFor('a')} k="a" />);
    await render(<Probe call={callFor('b')} k="b" />);
    await act(async () => pending.get('b')!('for b'));
    await act(async () => pending.get('a')!('for a'));
    expect(seen.data).toBe('for b');
  });

  it('does not leave the previous inputs\' data on screen when the new ones fail', async () => {
    await render(<Probe call={() => Promise.resolve('project A')} k="A" />);
    await settle();
    const failure = Object.assign(new Error('gone'), { code: 'not_found' });
    await render(<Probe call={() => Promise.reject(failure)} k="B" />);
    await settle();
    expect(seen.error).toBe(failure);
    expect(seen.data).toBeNull();
  });

  it('does not call while disabled', async () => {
    let n = 0;
    await render(<Probe call={() => Promise.resolve(`x${++n}`)} k="a" enabled={false} />);
    await settle();
    expect(n).toBe(0);
    expect(seen.loading).toBe(false);
  });
});
