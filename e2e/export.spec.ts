/**
 * Export from the Projects view: the browser downloads the CSV the web host streamed from the cache,
 * and the file holds exactly what projects.list answers for the view's filters and sort.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Page as ApiPage, Project } from '../src/shared/api';
import { rfc7946Problems } from '../src/main/export/geojson-geometry';
import { expect, SCREENSHOT_DIR, test, type AppPage } from './fixtures';
import { ensureSynced } from './market-sync';

/** Failed responses of the export's own routes (other views' 404s are theirs to fix). */
function watchExportFailures(app: AppPage): string[] {
  const failures: string[] = [];
  app.page.on('response', (r) => {
    const url = new URL(r.url());
    if (r.status() >= 400 && (url.pathname.startsWith('/download/') || url.pathname.startsWith('/rpc/export.'))) failures.push(`${r.status()} ${url.pathname}`);
  });
  return failures;
}
/** Console errors other than failed resource loads (those are checked per route by watchExportFailures). */
const scriptErrors = (app: AppPage) => app.consoleErrors.filter((e) => !e.startsWith('Failed to load resource'));

async function listAll(app: AppPage, query: Record<string, unknown>): Promise<Project[]> {
  const out: Project[] = [];
  for (let page = 1; ; page++) {
    const r = await app.call<ApiPage<Project>>('projects.list', { ...query, per_page: 200, current_page: page });
    out.push(...r.data);
    if (page >= r.pagination.total_pages) return out;
  }
}

test('exports the filtered, sorted Projects table as CSV and the browser downloads it', async ({ app, webHost }) => {
  test.setTimeout(180_000);
  await ensureSynced(app, webHost);
  const { page } = app;
  const failures = watchExportFailures(app);
  await app.goto('/projects?registry=verra&registry=gold-standard&sort=-issued');
  await expect(page.getByTestId('projects-count')).toBeVisible();

  await page.getByTestId('export-projects-toggle').click();
  await page.getByTestId('export-projects-bom').check();
  await app.screenshot('export-panel-light');

  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('export-projects-start').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^projects-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes, { columns: true, bom: true }) as Array<Record<string, string>>;

  const listed = await listAll(app, { registry: ['verra', 'gold-standard'], sort: ['-issued'] });
  expect(listed.length).toBeGreaterThan(0);
  expect(rows.map((r) => r['project_id'])).toEqual(listed.map((p) => p.project_id));
  expect(rows.map((r) => Number(r['issued']))).toEqual(listed.map((p) => p.issued));
  expect(new Set(rows.map((r) => r['registry']))).toEqual(new Set(listed.map((p) => p.registry)));

  await expect(page.getByTestId('export-projects-done')).toContainText(`Exported ${listed.length.toLocaleString('en-US')}`);
  await app.screenshot('export-done-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await app.screenshot('export-done-dark');
  expect(failures).toEqual([]);
  expect(scriptErrors(app)).toEqual([]);
});

test('exports the same Projects table as an XLSX workbook the browser downloads', async ({ app, webHost }) => {
  test.setTimeout(180_000);
  await ensureSynced(app, webHost);
  const { page } = app;
  const failures = watchExportFailures(app);
  await app.goto('/projects?registry=verra&sort=-issued');
  await expect(page.getByTestId('projects-count')).toBeVisible();
  await page.getByTestId('export-projects-toggle').click();
  await page.getByTestId('export-projects-format-xlsx').click();
  await expect(page.getByTestId('export-projects-bom')).toHaveCount(0);
  await app.screenshot('export-panel-xlsx');
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('export-projects-start').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^projects-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const listed = await listAll(app, { registry: ['verra'], sort: ['-issued'] });
  expect(sheet.rowCount - 1).toBe(listed.length);
  const column = (name: string) => listed.map((_, i) => sheet.getRow(i + 2).getCell(header.indexOf(name) + 1).value);
  expect(column('project_id')).toEqual(listed.map((p) => p.project_id));
  expect(column('issued')).toEqual(listed.map((p) => p.issued));
  await expect(page.getByTestId('export-projects-done')).toContainText(`Exported ${listed.length.toLocaleString('en-US')}`);
  expect(failures).toEqual([]);
  expect(scriptErrors(app)).toEqual([]);
});

test('exports the filtered projects\' boundaries as one valid GeoJSON FeatureCollection', async ({ app, webHost }) => {
  test.setTimeout(180_000);
  await ensureSynced(app, webHost);
  const { page } = app;
  const failures = watchExportFailures(app);
  await page.emulateMedia({ colorScheme: 'dark' });
  // Fetch one forest project's boundary on demand, so the export has at least one feature to check.
  const metrics = await app.call<Array<{ project_id: string }>>('satellite.list', { has_boundary: true, limit: 1000 });
  const forest = new Set((await listAll(app, { category: ['forest'] })).map((p) => p.project_id));
  const withBoundary = metrics.map((m) => m.project_id).filter((id) => forest.has(id)).slice(0, 2);
  expect(withBoundary.length).toBeGreaterThan(0);
  for (const projectId of withBoundary) await app.call('projects.refresh', { project_id: projectId });
  await app.goto('/projects?category=forest');
  await expect(page.getByTestId('projects-count')).toBeVisible();
  await page.getByTestId('export-projects-toggle').click();
  await page.getByTestId('export-projects-format-geojson').click();
  await app.screenshot('export-panel-geojson-dark');
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('export-projects-start').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^boundaries-\d{4}-\d{2}-\d{2}\.geojson$/);
  const collection = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as { type: string; features: Array<{ properties: Record<string, unknown> }> };
  expect(collection.type).toBe('FeatureCollection');
  expect(rfc7946Problems(collection)).toEqual([]);
  expect(collection.features.length).toBeGreaterThanOrEqual(withBoundary.length);
  for (const id of withBoundary) expect(collection.features.some((f) => f.properties['project_id'] === id)).toBe(true);
  for (const f of collection.features) expect(f.properties['category']).toBe('forest');
  await expect(page.getByTestId('export-projects-done')).toContainText('boundaries');
  expect(failures).toEqual([]);
  expect(scriptErrors(app)).toEqual([]);
});

test('saves a project chart as PNG and as SVG', async ({ app, webHost }) => {
  test.setTimeout(180_000);
  await ensureSynced(app, webHost);
  const { page } = app;
  const failures = watchExportFailures(app);
  const [top] = (await app.call<ApiPage<Project>>('projects.list', { sort: ['-issued'], per_page: 1 })).data;
  await app.goto(`/projects/${encodeURIComponent(top!.project_id)}`);
  const buttons = page.getByTestId('chart-yearly-export');
  await expect(buttons).toBeVisible();
  await app.screenshot('export-chart-buttons-light');

  const pngDownload = page.waitForEvent('download');
  await buttons.getByRole('button', { name: 'PNG' }).click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toMatch(/issuance-and-retirement-per-year-\d{4}-\d{2}-\d{2}\.png$/);
  const pngBytes = fs.readFileSync(await png.path());
  expect([...pngBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(pngBytes.length).toBeGreaterThan(5000);
  await png.saveAs(path.join(SCREENSHOT_DIR, 'export-chart-saved.png'));

  const svgDownload = page.waitForEvent('download');
  await buttons.getByRole('button', { name: 'SVG' }).click();
  const svg = await svgDownload;
  expect(svg.suggestedFilename()).toMatch(/\.svg$/);
  const svgText = fs.readFileSync(await svg.path(), 'utf8');
  expect(svgText).toMatch(/<svg[\s>]/);
  expect(svgText).toContain('Issued');
  expect(svgText).toMatch(/<rect width="\d+" height="\d+" x="0" y="0" fill="(?!none)/); // painted background
  expect((svgText.match(/<path/g) ?? []).length).toBeGreaterThan(3);
  await svg.saveAs(path.join(SCREENSHOT_DIR, 'export-chart-saved.svg'));

  // Dark theme: the PNG carries the dark background.
  await page.emulateMedia({ colorScheme: 'dark' });
  const darkDownload = page.waitForEvent('download');
  await buttons.getByRole('button', { name: 'PNG' }).click();
  await (await darkDownload).saveAs(path.join(SCREENSHOT_DIR, 'export-chart-saved-dark.png'));
  expect(failures).toEqual([]);
  expect(scriptErrors(app)).toEqual([]);
});

test('every other table exports from its own view, with the view\'s filters', async ({ app, webHost }) => {
  test.setTimeout(240_000);
  await ensureSynced(app, webHost);
  const { page } = app;
  const failures = watchExportFailures(app);
  const countries = await app.call<Array<{ country_code: string | null; has_profile: boolean }>>('countries.index');
  const country = countries.find((c) => c.country_code && c.has_profile)?.country_code;
  const views: Array<{ route: string; testId: string; file: RegExp; column: string; check?: (rows: Array<Record<string, string>>) => void }> = [
    { route: '/buyers?total_transactions_min=2', testId: 'export-buyers', file: /^buyers-/, column: 'buyer_name', check: (rows) => rows.forEach((r) => expect(Number(r['total_transactions'])).toBeGreaterThanOrEqual(2)) },
    { route: '/satellite?risk_level=HIGH', testId: 'export-satellite', file: /^satellite-metrics-/, column: 'integrity_score', check: (rows) => rows.forEach((r) => expect(r['risk_level']).toBe('HIGH')) },
    { route: '/forensics', testId: 'export-forensic-entries', file: /^forensic-entries-/, column: 'key_event' },
    { route: '/forensics/legacy', testId: 'export-legacy-forensics', file: /^legacy-forensics-/, column: 'run_date' },
    ...(country ? [{ route: `/countries/${country}`, testId: 'export-country-updates', file: new RegExp(`^country-updates-${country}-`), column: 'headline', check: (rows: Array<Record<string, string>>) => rows.forEach((r) => expect(r['country_code']).toBe(country)) }] : []),
  ];
  for (const view of views) {
    await app.goto(view.route);
    await page.getByTestId(`${view.testId}-toggle`).click();
    const downloadPromise = page.waitForEvent('download');
    await page.getByTestId(`${view.testId}-start`).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(view.file);
    const rows = parse(fs.readFileSync(await download.path()), { columns: true, bom: true }) as Array<Record<string, string>>;
    await expect(page.getByTestId(`${view.testId}-done`)).toContainText(`Exported ${rows.length.toLocaleString('en-US')}`);
    if (rows.length) expect(Object.keys(rows[0]!)).toContain(view.column);
    view.check?.(rows);
    if (view.testId === 'export-buyers') await app.screenshot('export-buyers-done-light');
    await page.getByTestId(view.testId).getByRole('button', { name: 'Close' }).click();
  }
  expect(failures).toEqual([]);
  expect(scriptErrors(app)).toEqual([]);
});
