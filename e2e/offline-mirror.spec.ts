/**
 * Offline means everything: a connection synced once (its list jobs and the offline mirror), then its
 * service stopped. The Satellite map draws every boundary the metrics promise, a project page shows
 * its forensic memo and its map, the Sync view shows complete coverage, and an item that was never
 * fetched says "not downloaded yet", never "not found".
 */
import type { Boundary, LatestForensicFeed, SatelliteMetrics } from '../src/shared/api';
import type { CacheInfo, SyncStatus, WatchItem } from '../src/shared/contract';
import { shootBoth } from './demo-support';
import { expect, test } from './fixtures';
import { serviceForSpec, syncToEnd } from './service-process';

const service = serviceForSpec([]);

test('after one sync with the service stopped: every boundary on the map, a memo and a map on a project page, full coverage', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  const restore = await service.connect(app, 'Mirrored service');
  try {
    const status = await syncToEnd<SyncStatus>(app);
    expect(status.state).toBe('done');
    await service.stop();

    const metrics = await app.call<SatelliteMetrics[]>('satellite.list', { has_boundary: true, limit: 1000 });
    expect(metrics.length).toBeGreaterThan(10);
    const boundaries = await app.call<Boundary>('satellite.boundaries', {});
    const drawnIds = new Set(boundaries.features.map((f) => String((f.properties as { project_id?: string }).project_id)));
    for (const m of metrics) expect(drawnIds.has(m.project_id), m.project_id).toBe(true);

    // The Satellite map draws every cached boundary (the map counts the shapes it drew).
    await app.goto('/satellite');
    const map = page.getByTestId('carbon-map');
    await expect(map).toHaveAttribute('data-boundaries', String(boundaries.features.length), { timeout: 30_000 });
    await expect(page.getByTestId('boundary-count')).toContainText(`${boundaries.features.length} boundaries on this computer`);
    await expect(page.getByTestId('fetch-boundaries')).toHaveCount(0);
    await shootBoth(app, 'offline-mirror-satellite');

    // A project the feed names, with a polygon when one exists: its memo and its map, from the cache.
    const feed = await app.call<LatestForensicFeed>('forensics.latest', {});
    const named = [...new Set(feed.entries.map((e) => e.project_id))];
    const withBoth = named.find((id) => metrics.some((m) => m.project_id === id)) ?? named[0]!;
    await app.goto(`/projects/${encodeURIComponent(withBoth)}`);
    await expect(page.getByTestId('project-forensics')).toBeVisible();
    await expect(page.getByTestId('project-forensics').locator('.memo-grid')).toBeVisible();
    await expect(page.getByTestId('project-forensics').getByTestId('missing-data')).toHaveCount(0);
    if (metrics.some((m) => m.project_id === withBoth)) {
      await expect(page.getByTestId('project-satellite').getByTestId('carbon-map')).toHaveAttribute('data-boundaries', /^[1-9]/);
      // Never a polygon on blank grey: the bundled country outlines are drawn around it.
      await expect(page.getByTestId('project-satellite').getByTestId('carbon-map')).toHaveAttribute('data-basemap', /^[1-9]\d+/);
    }
    await page.getByTestId('project-satellite').scrollIntoViewIfNeeded();
    await shootBoth(app, 'offline-mirror-project');

    // A project neither the feed nor the legacy list names was never asked for (the mirror fetches the
    // dossiers of those): "not downloaded yet", with "fetch now" unavailable offline.
    const info = await app.call<CacheInfo>('cache.info');
    const legacy = (await app.call<{ data: Array<{ project_id: string }> }>('forensics.legacy', { per_page: 200 })).data.map((l) => l.project_id.toLowerCase());
    const signalled = new Set([...named.map((id) => id.toLowerCase()), ...legacy]);
    const unnamed = (await app.call<{ data: Array<{ project_id: string }> }>('projects.list', { per_page: 200 })).data.map((p) => p.project_id).find((id) => !signalled.has(id.toLowerCase()))!;
    await expect(app.call('forensics.project', { project_id: unnamed })).rejects.toThrow(/not_downloaded: The forensic dossier of project .* is not downloaded yet/);

    // Coverage: everything the cache knows of is held.
    for (const c of info.coverage.filter((x) => ['boundary', 'dossier', 'countryUpdates', 'projects', 'credits'].includes(x.resource))) {
      expect(c.cached, c.resource).toBe(c.known);
    }
    await app.goto('/sync');
    const coverage = page.getByTestId('offline-coverage');
    await expect(coverage.getByTestId('coverage-boundary')).toContainText(`${metrics.length} of ${metrics.length}`);
    await expect(coverage.getByTestId('coverage-boundary')).toContainText('100%');
    await expect(coverage.getByTestId('coverage-dossier')).toContainText('100%');
    await expect(page.getByTestId('mirror-scope')).toContainText('Everything');
    await coverage.scrollIntoViewIfNeeded();
    await shootBoth(app, 'offline-mirror-coverage');

    // The watchlist: watch the project from its page; it is listed with its freshness.
    await app.goto(`/projects/${encodeURIComponent(withBoth)}`);
    await page.getByRole('button', { name: /^Watch / }).first().click();
    await expect(page.getByRole('button', { name: /^Unwatch / }).first()).toBeVisible();
    await app.goto('/watchlist');
    await expect(page.getByTestId('watchlist-project')).toContainText(withBoth);
    await app.screenshot('offline-mirror-watchlist');
    const watched = await app.call<WatchItem[]>('watchlist.list');
    expect(watched.map((w) => w.id)).toContain(withBoth);
    await app.call('watchlist.set', { id: withBoth, watched: false });
    expect(app.consoleErrors.filter((e) => !/not_downloaded|offline|ECONNREFUSED|Failed to fetch|503|502/.test(e))).toEqual([]);
  } finally {
    await restore();
  }
});
