import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContractError } from '../../shared/errors';
import { openCache } from '../workers/open-cache';
import type { CacheClient } from './cache-client';
import type { Project } from '../../shared/api';
import { projectSchema } from '../../shared/api';

const clients: CacheClient[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const open = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-cache-'));
  dirs.push(dir);
  const c = openCache(path.join(dir, 'cache.sqlite'));
  clients.push(c);
  return c;
};

const project = (id: string, clips: number): Project =>
  projectSchema.parse({
    project_id: id, name: `Project ${id}`, registry: 'verra', country: 'Brazil', issued: 10, retired: 4, protocol: ['vm0007'],
    clips: Array.from({ length: clips }, (_, i) => ({ id: i + 1, title: `clip ${i}`, date: '2024-01-02' })),
  });

describe('cache worker client', () => {
  it('writes a page and its cursor in one step, off the main thread, and reports cache info', async () => {
    const cache = open();
    const cp = await cache.call('sync:begin', { job: 'projects', mode: 'full', cursor: { next_page: 1 } });
    expect(cp.pass).toBe(1);
    await cache.call('sync:step', {
      job: 'projects',
      writes: [{ op: 'write:projects', args: { items: [project('VCS-1', 2), project('VCS-2', 0)], pass: cp.pass, withClips: true } }],
      cursor: { next_page: 2 },
      rows: 2,
      totals: { rows: 2, pages: 1 },
    });
    const state = await cache.call('sync:checkpoint', { job: 'projects' });
    expect(state).toMatchObject({ cursor: { next_page: 2 }, rows: 2 });
    const info = await cache.call('read:cacheInfo');
    expect(info.tables.projects).toBe(2);
    expect(info.tables.project_clips).toBe(2);
    expect(await cache.call('read:countryNames')).toEqual(['Brazil']);
  });

  it('a failing step writes nothing and leaves the cursor where it was', async () => {
    const cache = open();
    await cache.call('sync:begin', { job: 'projects', mode: 'full', cursor: { next_page: 1 } });
    const bad = { ...project('VCS-3', 0), project_id: null } as unknown as Project;
    await expect(
      cache.call('sync:step', {
        job: 'projects',
        writes: [{ op: 'write:projects', args: { items: [project('VCS-1', 1), bad], pass: 1, withClips: true } }],
        cursor: { next_page: 2 },
        rows: 2,
      }),
    ).rejects.toBeInstanceOf(ContractError);
    const info = await cache.call('read:cacheInfo');
    expect(info.tables.projects).toBe(0);
    expect(await cache.call('sync:checkpoint', { job: 'projects' })).toMatchObject({ cursor: { next_page: 1 }, rows: 0 });
  });

  it('returns worker errors as ContractError with their code', async () => {
    const cache = open();
    // An op the protocol does not know cannot be written in typed code: sent untyped, as a stale caller would.
    const err = await (cache.call as (op: string) => Promise<unknown>)('no:such-op').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractError);
    expect((err as ContractError).code).toBe('internal_error');
    expect((err as ContractError).message).toMatch(/no:such-op/);
  });

  it('a complete full pass removes projects the service no longer lists', async () => {
    const cache = open();
    let cp = await cache.call('sync:begin', { job: 'projects', mode: 'full', cursor: { next_page: 1 } });
    await cache.call('sync:step', { job: 'projects', writes: [{ op: 'write:projects', args: { items: [project('VCS-1', 1), project('VCS-2', 1)], pass: cp.pass, withClips: true } }], cursor: null, rows: 2 });
    // The pass from empty had its indexes and search entries built as it completed, and says how long that took.
    const first = await cache.call('sync:succeed', { job: 'projects', reconcile: true });
    // (How long is the machine's: a duration, whatever its size.)
    expect(first.rebuilt).toEqual({ rows: 2, seconds: expect.any(Number) });
    expect(first.rebuilt!.seconds).toSatisfy((s: number) => Number.isFinite(s) && s >= 0);
    cp = await cache.call('sync:begin', { job: 'projects', mode: 'full', cursor: { next_page: 1 } });
    expect(cp.pass).toBe(2);
    await cache.call('sync:step', { job: 'projects', writes: [{ op: 'write:projects', args: { items: [project('VCS-2', 1)], pass: cp.pass, withClips: true } }], cursor: null, rows: 1 });
    const r = await cache.call('sync:succeed', { job: 'projects', reconcile: true });
    expect(r.removed).toBe(1);
    expect(r.rebuilt).toBeNull();
    const info = await cache.call('read:cacheInfo');
    expect(info.tables.projects).toBe(1);
    expect(info.tables.project_clips).toBe(1);
  });

  it('clears every cached row but keeps the watchlist', async () => {
    const cache = open();
    await cache.call('write:watch', { kind: 'project', id: 'VCS-1', watched: true });
    await cache.call('write:mirrorScope', { scope: 'watchlist' });
    await cache.call('write:many', { writes: [{ op: 'write:projects', args: { items: [project('VCS-1', 1)], pass: 1, withClips: true } }] });
    const info = await cache.call('write:clear');
    expect(info.tables.projects).toBe(0);
    expect(info.tables.watched_items).toBe(1);
    expect(info.mirror.scope).toBe('watchlist');
  });
});
