/**
 * Satellite: the metrics table (filters, search, sortable headers) and the offline map drawing
 * boundaries with no network; the chosen project's metrics come from the cache whatever the table
 * shows; maps carry country names, a scale bar and a locator inset at their default zoom.
 */
import type { Page } from '@playwright/test';
import { expect, test, type AppPage } from './fixtures';
import { shootBoth, waitForDemoSync } from './demo-support';
import type { PageOf } from './market-sync';

interface Metrics {
  project_id: string;
  risk_level: string | null;
  has_boundary: boolean;
  boundary_source: string | null;
  total_loss_ha: number | null;
  peak_loss_year: number | null;
  peak_loss_ha: number | null;
  alert_count_12m: number | null;
  alert_area_ha: number | null;
  last_updated: string | null;
  loss_by_year: Record<string, number>;
}

const table = (page: Page) => page.getByTestId('satellite-table');
/** The project id in the table's row at `index` (0-based, in the table's order). */
const idAt = (page: Page, index: number) => table(page).locator(`[role=row][data-index="${index}"] [role=cell]`).first();
const fmt = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n);

async function expectCount(app: AppPage, query: Record<string, unknown>): Promise<PageOf<Metrics>> {
  const answer = await app.call<PageOf<Metrics>>('satellite.table', { ...query, per_page: 100 });
  await expect(app.page.getByTestId('satellite-count')).toContainText(`${answer.pagination.total_entries.toLocaleString('en-US')} of `);
  if (answer.data.length) await expect(idAt(app.page, 0)).toHaveText(answer.data[0]!.project_id);
  return answer;
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

  const expected = await expectCount(app, {});
  const map = page.getByTestId('carbon-map');
  // the bundled Natural Earth outlines are drawn (no tile server)
  await expect.poll(async () => Number(await map.getAttribute('data-basemap'))).toBeGreaterThan(200);

  // fetch the missing boundaries on demand, then they are drawn by risk level. The sync's offline
  // mirror may bring them first, and the button goes then (seen between the check and the click):
  // a click that finds it gone is no failure, one that finds it still there is.
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
  // the overview names countries and has a scale bar
  await expect.poll(async () => Number(await map.getAttribute('data-labels'))).toBeGreaterThan(3);
  await expect(map.locator('.leaflet-control-scale-line')).toBeVisible();

  // a row click shows the project's metrics and its loss by year
  await table(page).locator('[role=row][data-index="0"] [role=cell]').nth(2).click();
  const detail = page.getByTestId('satellite-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(expected.data[0]!.project_id);
  await expect(page).toHaveURL(new RegExp(`project=${expected.data[0]!.project_id}`));
  await expect(table(page).locator('[role=row][data-index="0"]')).toHaveAttribute('aria-selected', 'true');
  await shootBoth(app, 'satellite-offline-map');

  expect(outside).toEqual([]);
  expect(app.consoleErrors).toEqual([]);
});

test("the panel reads a project's metrics from the cache when the table's page and filter leave it out", async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  // the project the table shows last (off its first page at any real size), with the most to show
  const all: Metrics[] = [];
  for (let offset = 0; ; offset += 1000) {
    const rows = await app.call<Metrics[]>('satellite.list', { has_boundary: true, limit: 1000, offset });
    all.push(...rows);
    if (rows.length < 1000) break;
  }
  const full = all.filter((m) => m.boundary_source && m.peak_loss_year && m.alert_area_ha !== null && m.last_updated && Object.keys(m.loss_by_year).length);
  const chosen = full[full.length - 1]!;
  expect(chosen, 'a project with complete metrics').toBeTruthy();
  const firstPage = await app.call<PageOf<Metrics>>('satellite.table', { per_page: 100 });
  if (all.length > 100) expect(firstPage.data.map((m) => m.project_id)).not.toContain(chosen.project_id);

  await app.goto(`/satellite?project=${encodeURIComponent(chosen.project_id)}`);
  const detail = page.getByTestId('satellite-detail');
  await expect(detail).toContainText(chosen.project_id);
  await expect(detail).toContainText(chosen.boundary_source!);
  await expect(detail).toContainText(`${chosen.peak_loss_year}: ${fmt(chosen.peak_loss_ha!)} ha`);
  await expect(detail).toContainText(`(${fmt(chosen.alert_area_ha!)} ha)`);
  await expect(detail.getByTestId('loss-by-year')).toBeVisible();
  await expect(detail).not.toContainText('No forest loss recorded');
  await expect(detail.locator('dd').filter({ hasText: /^—$/ })).toHaveCount(0);
  await shootBoth(app, 'satellite-panel-off-page');

  // a risk level the project is not at: the table leaves it out, the panel still has its metrics and says so
  const other = ['HIGH', 'LOW', 'MEDIUM', 'VERY_LOW'].find((r) => r !== chosen.risk_level)!;
  await app.goto(`/satellite?risk_level=${other}&project=${encodeURIComponent(chosen.project_id)}`);
  await expect(detail).toContainText(chosen.boundary_source!);
  await expect(detail.getByTestId('satellite-outside')).toContainText('Not in the table below');
  await expect(detail).not.toContainText('No satellite metrics');
  await shootBoth(app, 'satellite-panel-other-filter');

  // a project without metrics says why, truthfully
  const withMetrics = new Set<string>();
  for (let offset = 0; ; offset += 1000) {
    const rows = await app.call<Metrics[]>('satellite.list', { has_boundary: false, limit: 1000, offset });
    for (const m of rows) withMetrics.add(m.project_id);
    if (rows.length < 1000) break;
  }
  const projects = await app.call<PageOf<{ project_id: string }>>('projects.list', { category: ['renewable-energy'], per_page: 50 });
  const without = projects.data.find((p) => !withMetrics.has(p.project_id))!;
  await app.goto(`/satellite?project=${encodeURIComponent(without.project_id)}`);
  await expect(detail.getByTestId('missing-data')).toContainText('The service has no satellite metrics');
});

test('risk level and boundary filters, search and sortable headers match the contract; rows load as they scroll', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  await app.goto('/satellite');
  await expectCount(app, {});
  await page.getByRole('group', { name: 'Risk level' }).getByRole('button', { name: 'Medium' }).click();
  await expect(page).toHaveURL(/risk_level=MEDIUM/);
  await expectCount(app, { risk_level: 'MEDIUM' });
  for (const text of await table(page).locator('[role=row][data-index] [role=cell]:nth-child(3)').allInnerTexts()) expect(text.trim()).toBe('Medium');

  await page.getByRole('group', { name: 'Risk level' }).getByRole('button', { name: 'All' }).click();
  await page.getByRole('group', { name: 'Boundary' }).getByRole('button', { name: 'With or without' }).click();
  await expect(page).toHaveURL(/has_boundary=false/);
  await expectCount(app, { has_boundary: false });

  // sort by forest loss: largest first on the first click, then smallest
  await page.getByRole('group', { name: 'Boundary' }).getByRole('button', { name: 'With a boundary' }).click();
  await table(page).getByRole('button', { name: /^Forest loss/ }).click();
  await expect(page).toHaveURL(/sort=-total_loss_ha/);
  await expectCount(app, { sort: ['-total_loss_ha'] });
  await table(page).getByRole('button', { name: /^Forest loss/ }).click();
  await expect(page).toHaveURL(/sort=total_loss_ha/);
  await expectCount(app, { sort: ['total_loss_ha'] });
  // risk sorts by severity
  await table(page).getByRole('button', { name: /^Risk/ }).click();
  await expect(page).toHaveURL(/sort=-risk_level/);
  await expect(table(page).locator('[role=row][data-index="0"] [role=cell]').nth(2)).toHaveText('High');

  // search by part of a project name
  const some = await app.call<PageOf<Metrics & { project_name: string | null }>>('satellite.table', { per_page: 50 });
  const word = some.data.map((m) => m.project_name?.split(' ')[0]).find((w): w is string => Boolean(w && w.length > 3))!;
  await page.getByTestId('satellite-search').fill(word);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(word)}`));
  const found = await expectCount(app, { search: word, sort: ['-risk_level'] });
  expect(found.data.length).toBeGreaterThan(0);

  // scrolling loads the next page
  await page.getByTestId('satellite-search').fill('');
  await table(page).getByRole('button', { name: /^Project/ }).click();
  const all = await app.call<PageOf<Metrics>>('satellite.table', { sort: ['project_id'], per_page: 100, current_page: 2 });
  if (all.data.length > 20) {
    await expect
      .poll(async () => {
        await table(page).locator('.data-table-scroll').evaluate((el) => el.scrollTo(0, 34 * 110));
        return (await idAt(page, 120).count()) ? idAt(page, 120).textContent() : null;
      }, { timeout: 20_000 })
      .toBe(all.data[20]!.project_id);
  }
  await table(page).locator('.data-table-scroll').evaluate((el) => el.scrollTo(0, 0));
  await shootBoth(app, 'satellite-table');
});

test("a project's map has country names, a scale bar and a locator inset at its default zoom", async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  const boundaries = await app.call<{ features: Array<{ properties: { project_id: string } }> }>('satellite.boundaries', {});
  test.skip(boundaries.features.length === 0, 'the demo sync cached no boundary to draw');
  const projectId = boundaries.features[0]!.properties.project_id;
  await app.goto(`/projects/${encodeURIComponent(projectId)}`);
  const section = page.getByTestId('project-satellite');
  await section.scrollIntoViewIfNeeded();
  const map = section.getByTestId('carbon-map');
  await expect(map).toHaveAttribute('data-boundaries', /^[1-9]/);
  await expect.poll(async () => Number(await map.getAttribute('data-labels'))).toBeGreaterThan(0);
  // the names are in the map's box, readable (not under the legend), and the country in view is named
  const box = (await map.boundingBox())!;
  const labels = map.locator('.map-country-label');
  const names: string[] = [];
  for (const label of await labels.all()) {
    const b = await label.boundingBox();
    if (b && b.x >= box.x && b.x + b.width <= box.x + box.width && b.y >= box.y && b.y + b.height <= box.y + box.height) names.push((await label.innerText()).trim());
  }
  expect(names.length).toBeGreaterThan(0);
  const place = await map.getAttribute('data-place');
  if (place) expect(names).toContain(place);
  await expect(section.locator('.leaflet-control-scale-line')).toBeVisible();
  await expect(section.locator('.leaflet-control-scale-line')).toHaveText(/\d+ (m|km)$/);
  await expect(section.getByTestId('map-inset')).toBeVisible();
  if (place) await expect(section.getByTestId('map-inset')).toContainText(place);
  await shootBoth(app, 'project-map-context');
});
