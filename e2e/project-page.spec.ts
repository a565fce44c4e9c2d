/** The project page: totals, charts, timeline, transactions equal the contract; the palette opens it. */
import { expect, test } from './fixtures';
import { ensureSynced, fmt, type PageOf } from './market-sync';

interface ProjectRow {
  project_id: string;
  name: string | null;
  issued: number;
  retired: number;
  unretired: number;
  proponent: string | null;
  registry: string | null;
  protocol: string[];
  clips: unknown[];
}

test.beforeEach(async ({ app, webHost }) => {
  await ensureSynced(app, webHost);
});

async function busiestProject(call: <T>(m: string, i?: unknown) => Promise<T>) {
  const list = await call<PageOf<ProjectRow>>('projects.list', { per_page: 1, sort: ['-retired'] });
  return call<ProjectRow>('projects.get', { project_id: list.data[0]!.project_id });
}

test('a project page shows the project the contract answers', async ({ app }) => {
  const { page } = app;
  const p = await busiestProject(app.call);
  await app.goto(`/projects/${p.project_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name ?? p.project_id);
  await expect(page.getByTestId('kpi-issued')).toHaveText(`${fmt(p.issued)}tCO2e`);
  await expect(page.getByTestId('kpi-retired')).toHaveText(`${fmt(p.retired)}tCO2e`);
  await expect(page.getByTestId('kpi-unretired')).toHaveText(`${fmt(p.unretired)}tCO2e`);
  const overview = page.getByTestId('project-overview');
  if (p.proponent) await expect(overview).toContainText(p.proponent);
  for (const protocol of p.protocol) await expect(overview).toContainText(protocol);

  // charts draw
  await expect(page.getByTestId('chart-yearly').locator('canvas')).toHaveCount(1);
  await expect(page.getByTestId('chart-vintage').locator('canvas')).toHaveCount(1);
  for (const label of ['Day', 'Week', 'Year', 'Month']) {
    await page.getByRole('group', { name: 'Frequency' }).getByRole('button', { name: label }).click();
    await expect(page.getByTestId('chart-by-date')).toHaveAttribute('aria-label', new RegExp(`per ${label.toLowerCase()}`));
  }
  // the timeline holds every clip and the listing milestone
  await expect(page.getByTestId('project-timeline').locator('li')).toHaveCount(p.clips.length + (await page.getByTestId('project-timeline').locator('li.timeline-milestone').count()));

  // the project's transactions: count and first row equal credits.list
  const credits = await app.call<PageOf<{ id: number; quantity: number }>>('credits.list', { project_id: [p.project_id], sort: ['-transaction_date'], per_page: 1 });
  await expect(page.getByRole('heading', { name: /Credit transactions/ })).toContainText(fmt(credits.pagination.total_entries));
  const firstRow = page.getByTestId('project-transactions').locator('[role=row][aria-rowindex="2"]');
  await expect(firstRow).toContainText(fmt(credits.data[0]!.quantity));
  await firstRow.getByRole('button', { name: 'Expand row' }).click();
  await expect(page.getByTestId('credit-details')).toContainText(String(credits.data[0]!.id));

  // top buyers as buyers.list of the project says; unretired per vintage = issued − retired of that vintage's transactions
  const buyers = await app.call<PageOf<{ buyer_name: string }>>('buyers.list', { project_id: [p.project_id], sort: ['-total_volume'], per_page: 8 });
  if (buyers.data.length) await expect(page.getByTestId('project-top-buyers').locator('tbody tr').first()).toContainText(buyers.data[0]!.buyer_name);
  const totals = await app.call<{ by_vintage: Array<{ vintage: number | null; issued: number; retired: number }> }>('credits.totals', { project_id: [p.project_id] });
  const newest = totals.by_vintage.find((v) => v.issued > 0 || v.retired > 0)!;
  const vintageRow = page.getByTestId('project-vintages').getByTestId('vintage-row').first();
  await expect(vintageRow).toContainText(String(newest.vintage));
  await expect(vintageRow.locator('td').nth(3)).toHaveText(fmt(newest.issued - newest.retired));

  // forensics and satellite sections answer (content or an empty state that says what to do)
  await expect(page.getByTestId('project-forensics')).toBeVisible();
  await expect(page.getByTestId('project-satellite')).toBeVisible();
  expect(app.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('an unknown project says so and links back', async ({ app }) => {
  await app.goto('/projects/NOPE-0');
  await expect(app.page.getByRole('alert')).toContainText('not found');
  await expect(app.page.getByRole('link', { name: /Back to projects/ })).toBeVisible();
});

test('the command palette jumps to a project by id (Ctrl+K)', async ({ app }) => {
  const { page } = app;
  const p = await busiestProject(app.call);
  await app.goto('/dashboard');
  await page.locator('body').click();
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: /Search projects, buyers and countries/ });
  await expect(input).toBeFocused();
  await input.fill(p.project_id);
  await expect(page.getByRole('option').first()).toContainText(p.project_id);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/projects/${p.project_id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name ?? p.project_id);
  // Escape closes it
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`project page screenshots (${scheme})`, async ({ app }) => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: scheme });
    await app.page.reload(); // the theme is read at start-up: load the app in the emulated scheme
    const p = await busiestProject(app.call);
    await app.goto(`/projects/${p.project_id}`);
    await expect(page.getByTestId('chart-vintage').locator('canvas')).toHaveCount(1);
    await page.waitForTimeout(1200);
    await app.screenshot(`project-page-${scheme}`);
    await page.getByTestId('project-satellite').scrollIntoViewIfNeeded();
    await page.waitForTimeout(800);
    await app.screenshot(`project-page-lower-${scheme}`);
  });
}
