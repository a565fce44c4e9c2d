/** Satellite: metrics table with filters and paging, the offline map drawing boundaries with no network. */
import { expect, test } from './fixtures';
import { shootBoth, waitForDemoSync } from './demo-support';

interface Metrics {
  project_id: string;
  risk_level: string | null;
  has_boundary: boolean;
}

test('the map draws boundaries with every request outside 127.0.0.1 blocked', async ({ app, webHost }) => {
  const { page } = app;
  await waitForDemoSync(app);
  // errors of the first page load (another view, before the sync) are not this view's
  app.consoleErrors.length = 0;
  const outside: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname !== '127.0.0.1' && url.protocol !== 'data:' && url.protocol !== 'blob:') {
      outside.push(url.href);
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!['127.0.0.1'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol)) outside.push(url.href);
  });
  await page.goto(`${webHost.url}#/satellite`);

  const expected = await app.call<Metrics[]>('satellite.list', {});
  await expect(page.getByTestId('satellite-row')).toHaveCount(expected.length);
  const map = page.getByTestId('carbon-map');
  // the bundled Natural Earth outlines are drawn (no tile server)
  await expect.poll(async () => Number(await map.getAttribute('data-basemap'))).toBeGreaterThan(200);

  // fetch the boundaries of the page's projects on demand, then they are drawn by risk level. The
  // sync's offline mirror may bring them first, and the button goes then (seen between the check and
  // the click): a click that finds it gone is no failure, one that finds it still there is.
  const fetchButton = page.getByTestId('fetch-boundaries');
  if (await fetchButton.isVisible()) {
    await fetchButton.click({ timeout: 5_000 }).catch(async (err: unknown) => {
      if (await fetchButton.isVisible()) throw err;
    });
    await expect(page.getByTestId('boundary-fetch-progress')).toBeHidden({ timeout: 90_000 });
  }
  await expect.poll(async () => Number(await map.getAttribute('data-boundaries')), { timeout: 30_000 }).toBeGreaterThan(0);
  const boundaries = await app.call<{ features: unknown[] }>('satellite.boundaries', {});
  expect(Number(await map.getAttribute('data-boundaries'))).toBe(boundaries.features.length);
  await expect(page.getByTestId('map-legend')).toContainText('Satellite risk');
  // canvas renderer: the polygons are on canvases, not thousands of SVG paths
  expect(await map.locator('canvas').count()).toBeGreaterThanOrEqual(2);
  expect(await map.locator('svg path').count()).toBe(0);

  // a project's metrics and its loss by year
  await page.getByTestId('satellite-row').first().click();
  const detail = page.getByTestId('satellite-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(expected[0]!.project_id);
  await expect(page).toHaveURL(new RegExp(`project=${expected[0]!.project_id}`));
  await shootBoth(app, 'satellite-offline-map');

  expect(outside).toEqual([]);
  expect(app.consoleErrors).toEqual([]);
});

test('risk level and boundary filters and limit/offset paging match the contract', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  await app.goto('/satellite');
  await page.getByRole('group', { name: 'Risk level' }).getByRole('button', { name: 'Medium' }).click();
  await expect(page).toHaveURL(/risk_level=MEDIUM/);
  const medium = await app.call<Metrics[]>('satellite.list', { risk_level: 'MEDIUM' });
  await expect(page.getByTestId('satellite-row')).toHaveCount(medium.length);
  for (const text of await page.getByTestId('satellite-row').locator('td:nth-child(2)').allInnerTexts()) expect(text).toBe('Medium');

  await page.getByRole('group', { name: 'Risk level' }).getByRole('button', { name: 'All' }).click();
  await page.getByRole('group', { name: 'Boundary' }).getByRole('button', { name: 'Without boundary' }).click();
  const without = await app.call<Metrics[]>('satellite.list', { has_boundary: false });
  await expect(page.getByTestId('satellite-row')).toHaveCount(without.length);

  // paging: 50 per page, next page starts at offset 50
  await page.getByRole('group', { name: 'Boundary' }).getByRole('button', { name: 'With boundary' }).click();
  await page.getByLabel('Rows per page').selectOption('50');
  const all = await app.call<Metrics[]>('satellite.list', { limit: 1000 });
  const firstPage = await app.call<Metrics[]>('satellite.list', { limit: 50 });
  await expect(page.getByTestId('satellite-row')).toHaveCount(firstPage.length);
  if (all.length > 50) {
    await page.getByRole('button', { name: 'Next →' }).click();
    await expect(page).toHaveURL(/offset=50/);
    const second = await app.call<Metrics[]>('satellite.list', { limit: 50, offset: 50 });
    await expect(page.getByTestId('satellite-row')).toHaveCount(second.length);
    await expect(page.getByTestId('satellite-row').first()).toContainText(second[0]!.project_id);
  }
  await shootBoth(app, 'satellite-table');
});
