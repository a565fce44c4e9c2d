import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../shared/contract';
import { createAppContext, type AppContext } from './app-context';
import { cliHostPorts } from './hosts/cli/cli-ports';
import type { DesktopNotification } from './notifier';

const dirs: string[] = [];
const contexts: AppContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.dispose();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const status = (connectionId: string, state: SyncStatus['state']) => ({ connectionId, state }) as SyncStatus;

describe('notifications after a sync', () => {
  it('tells the desktop when a finished sync changed watched items, and a click opens the Changes view', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-notify-'));
    dirs.push(dataDir);
    const shown: DesktopNotification[] = [];
    const ports = { ...cliHostPorts(dataDir), notifier: { available: true, notify: (n: DesktopNotification) => void shown.push(n) } };
    const ctx = createAppContext({ dataDir, ports });
    contexts.push(ctx);
    const id = ctx.selectedConnectionId();
    const cache = ctx.caches.of(id);
    // A run that logged a status change of a watched project.
    await cache.call('sync:runStart');
    const db = (await import('better-sqlite3')).default;
    const file = (await cache.call('read:cacheInfo')).path;
    const w = new db(file);
    w.prepare("INSERT INTO change_log (run_id, detected_at, kind, project_id, field, old_value, new_value, summary) VALUES (1, '2026-11-24T00:00:00Z', 'projects_changed', 'VCS-1', 'status', 'a', 'b', 'x')").run();
    w.prepare("UPDATE sync_runs SET finished_at = '2026-11-24T00:00:01Z'").run();
    w.close();
    await cache.call('write:watch', { kind: 'project', id: 'VCS-1', watched: true });
    const navigated: string[] = [];
    ctx.events.on('app.navigate', (e) => navigated.push(e.path));
    const emit = (s: SyncStatus) => (ctx as unknown as { afterSync(s: SyncStatus): void }).afterSync(s);
    emit(status(id, 'running'));
    emit(status(id, 'done'));
    // (the cache answers from a worker: a loaded machine can take seconds)
    await expect.poll(() => shown.length, { timeout: 20_000 }).toBe(1);
    expect(shown[0]!.title).toBe('1 change to watched items');
    shown[0]!.onClick!();
    expect(navigated).toEqual(['/changes?watched_only=true']);
    // A status repeated after the run ended does not notify again.
    emit(status(id, 'done'));
    await new Promise((r) => setTimeout(r, 100));
    expect(shown).toHaveLength(1);
  });
});
