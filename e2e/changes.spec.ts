/**
 * Changes: a connection synced once (the baseline), its service restarted on the same database with
 * the market advanced 7 days, synced again: the navigation badge counts what moved, the Changes view
 * lists a watched project's changes first, and the digest downloads as Markdown.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChangeSummary, SyncStatus } from '../src/shared/contract';
import { spawnReferenceService, stopReferenceService, type DemoService } from '../src/main/connections/demo-service';
import { shootBoth } from './demo-support';
import { expect, test } from './fixtures';
import { syncToEnd, useConnection } from './service-process';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-e2e-changes-'));
const dbPath = path.join(dir, 'service.sqlite');
let service: DemoService | null = null;
const start = (extra: string[]) => spawnReferenceService({ scale: 0.01, dbPath, extraArgs: ['--seed', '7', '--rate-limit-pro', '100000', ...extra], timeoutMs: 120_000 });

test.afterAll(async () => {
  if (service) await stopReferenceService(service);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('after an advanced second sync: the badge, a watched project first, the digest', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  service = await start([]);
  const port = new URL(service.baseUrl).port;
  const restore = await useConnection(app, 'Moving market', service.baseUrl, service.apiKey);
  try {
    expect((await syncToEnd<SyncStatus>(app)).state).toBe('done');
    const baseline = await app.call<ChangeSummary>('changes.summary');
    expect(baseline.counts.credit_transactions_new).toBe(0);
    // after the first sync the view says it is the baseline, not that "nothing changed"
    await app.goto('/changes');
    await expect(page.getByTestId('changes-baseline')).toContainText('first sync');
    await expect(page.getByText('No changes yet: the first sync is the baseline')).toBeVisible();
    await shootBoth(app, 'changes-after-first-sync');
    // (away from the view: a sync that ends while it is open counts as seen)
    await app.goto('/dashboard');

    // Watch the most active project: it will have new transactions after the advance.
    const top = await app.call<{ data: Array<{ project_id: string }> }>('projects.list', { sort: '-issued', per_page: 1 });
    const watched = top.data[0]!.project_id;
    await app.call('watchlist.set', { id: watched, watched: true });

    await stopReferenceService(service);
    service = await start(['--advance-days', '7', '--port', port]);
    expect((await syncToEnd<SyncStatus>(app)).state).toBe('done');
    const summary = await app.call<ChangeSummary>('changes.summary');
    expect(summary.counts.credit_transactions_new).toBeGreaterThan(0);
    expect(summary.baseline).toBeNull();

    await app.goto('/dashboard');
    await expect(page.getByTestId('changes-badge')).toBeVisible();
    await app.goto('/changes');
    await expect(page.getByTestId('changes-summary')).toContainText('new credit transactions');
    const first = page.getByTestId('change-group').first();
    await expect(first.locator('h2')).toContainText('Watched items');
    await expect(first.getByTestId('change-line').first()).toContainText(watched);
    // Once the view was opened, the badge clears.
    await expect(page.getByTestId('changes-badge')).toHaveCount(0);
    await shootBoth(app, 'changes');

    const download = page.waitForEvent('download');
    await page.getByTestId('changes-digest').click();
    const file = await (await download).path();
    const digest = fs.readFileSync(file, 'utf8');
    expect(digest).toMatch(/^# Carbon market changes/);
    expect(digest).toContain('## Watched items');
    expect(digest).toContain(watched);

    // Filters: one kind, from the URL.
    await app.goto('/changes?kinds=credit_transactions_new');
    await expect(page.getByTestId('change-line').first()).toHaveAttribute('data-kind', 'credit_transactions_new');
    expect(app.consoleErrors).toEqual([]);
    await app.call('watchlist.set', { id: watched, watched: false });
  } finally {
    await restore();
  }
});
