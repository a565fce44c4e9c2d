/** Projects: counts, filters, sort, paging and the URL, compared with projects.list. */
import { SCREENSHOT_DIR, expect, test, type AppPage } from './fixtures';
import { ensureSynced, fmt, type PageOf } from './market-sync';

interface ProjectRow {
  project_id: string;
  name: string | null;
  issued: number;
}

test.beforeEach(async ({ app, webHost }) => {
  await ensureSynced(app, webHost);
});

const table = (app: AppPage) => app.page.getByTestId('projects-table');
/** The project id shown in data row n (0-based). */
// (the first cell of a row is its watch toggle, the second its project id)
const idAt = (app: AppPage, n: number) => table(app).locator(`[role=row][aria-rowindex="${n + 2}"] [role=cell]`).nth(1);
const count = (app: AppPage) => app.page.getByTestId('projects-count');

async function expectCount(app: AppPage, query: Record<string, unknown>) {
  const all = await app.call<PageOf<ProjectRow>>('projects.list', { per_page: 1 });
  const filtered = await app.call<PageOf<ProjectRow>>('projects.list', { ...query, per_page: 1 });
  await expect(count(app)).toHaveText(`${fmt(filtered.pagination.total_entries)} of ${fmt(all.pagination.total_entries)} projects`);
  return filtered.pagination.total_entries;
}

test('the table shows projects.list: count, rows, sort, filters, paging', async ({ app }) => {
  const { page } = app;
  await app.goto('/projects');
  const total = await expectCount(app, {});
  const first = await app.call<PageOf<ProjectRow>>('projects.list', { per_page: 100 });
  for (let i = 0; i < 5; i++) await expect(idAt(app, i)).toHaveText(first.data[i]!.project_id);

  // sort by issued (largest first): the header binds to the API's sort param
  await table(app).getByRole('button', { name: /^Issued/ }).click();
  await expect(page).toHaveURL(/sort=-issued/);
  const byIssued = await app.call<PageOf<ProjectRow>>('projects.list', { per_page: 5, sort: ['-issued'] });
  await expect(idAt(app, 0)).toHaveText(byIssued.data[0]!.project_id);
  await expect(table(app).locator('[role=row][aria-rowindex="2"] [role=cell]').nth(3)).toHaveText(fmt(byIssued.data[0]!.issued));
  await table(app).getByRole('button', { name: /^Issued/ }).click();
  await expect(page).toHaveURL(/sort=issued/);
  const byIssuedAsc = await app.call<PageOf<ProjectRow>>('projects.list', { per_page: 1, sort: ['issued'] });
  await expect(idAt(app, 0)).toHaveText(byIssuedAsc.data[0]!.project_id);

  // paging: scrolling loads page 2 as it comes into view
  if (total > 150) {
    await table(app).getByRole('button', { name: /^Issued/ }).click(); // third click: back to the default order
    await expect(page).not.toHaveURL(/sort=/);
    const page2 = await app.call<PageOf<ProjectRow>>('projects.list', { per_page: 100, current_page: 2 });
    // scroll until row 150 is rendered (row heights and the default order settle asynchronously)
    await expect
      .poll(async () => {
        await table(app).locator('.data-table-scroll').evaluate((el) => el.scrollTo(0, 34 * 140));
        return (await idAt(app, 150).count()) ? idAt(app, 150).textContent() : null;
      }, { timeout: 20_000 })
      .toBe(page2.data[50]!.project_id);
  }

  // filters through the panel: registry and category, with chips and the URL
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByTestId('filter-registry').getByRole('button').click();
  await page.getByRole('option', { name: 'Verra' }).getByRole('checkbox').check();
  await expect(page).toHaveURL(/registry=verra/);
  await expectCount(app, { registry: ['verra'] });
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-category').getByRole('button').click();
  await page.getByRole('option', { name: 'Forest' }).getByRole('checkbox').check();
  await expect(page).toHaveURL(/category=forest/);
  const n = await expectCount(app, { registry: ['verra'], category: ['forest'] });
  if (n > 0) {
    const filtered = await app.call<PageOf<ProjectRow>>('projects.list', { registry: ['verra'], category: ['forest'], per_page: 1 });
    await expect(idAt(app, 0)).toHaveText(filtered.data[0]!.project_id);
  }
  await expect(page.getByTestId('projects-chips')).toContainText('Registry: Verra');
  await expect(page.getByTestId('projects-chips')).toContainText('Category: Forest');

  // issued range and a boolean label
  await page.getByLabel('Issued minimum').fill('10000');
  await expect(page).toHaveURL(/issued_min=10000/);
  await expectCount(app, { registry: ['verra'], category: ['forest'], issued_min: 10000 });
  await page.getByTestId('filter-has_ccb').getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/has_ccb=false/);
  await expectCount(app, { registry: ['verra'], category: ['forest'], issued_min: 10000, has_ccb: false });

  // the URL round-trips: reload gives the same filters and results
  await page.reload();
  await expectCount(app, { registry: ['verra'], category: ['forest'], issued_min: 10000, has_ccb: false });
  await expect(page.getByTestId('projects-chips')).toContainText('Issued ≥: 10,000 tCO2e');

  // back / forward step through the filter changes
  await page.goBack();
  await expectCount(app, { registry: ['verra'], category: ['forest'], issued_min: 10000 });
  await page.goForward();
  await expectCount(app, { registry: ['verra'], category: ['forest'], issued_min: 10000, has_ccb: false });

  // removing a chip removes that filter only
  await page.getByRole('button', { name: 'Remove filter Category: Forest' }).click();
  await expect(page).not.toHaveURL(/category=forest/);
  await expectCount(app, { registry: ['verra'], issued_min: 10000, has_ccb: false });
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expectCount(app, {});
  expect(app.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('search by id or name, "/" focuses it, every group P filter is accepted', async ({ app }) => {
  const { page } = app;
  await app.goto('/projects');
  await expectCount(app, {});
  const some = await app.call<PageOf<ProjectRow>>('projects.list', { per_page: 1, sort: ['-issued'] });
  const term = some.data[0]!.project_id;
  await page.locator('body').click();
  await page.keyboard.press('/');
  await expect(page.getByTestId('projects-search')).toBeFocused();
  await page.keyboard.type(term);
  await expect(page).toHaveURL(new RegExp(`search=${term}`));
  await expectCount(app, { search: term });
  await expect(idAt(app, 0)).toHaveText(term);

  // a link carrying every group P filter: parsed, applied, shown as chips, equal to the contract
  const query = {
    registry: ['verra', 'gold-standard'], category: ['forest', 'renewable-energy'], is_compliance: false, listed_at_from: '2000-01-01', listed_at_to: '2030-12-31',
    issued_min: 0, issued_max: 1e12, retired_min: 0, retired_max: 1e12, sdg_goals: [1], certifications: ['ccb-gold'], corc_durability: ['100+'],
    has_ccb: true, has_icvcm_ccp: false, has_corsia: false, has_sdvista: false, has_social_carbon: false, article6_authorized: false,
  };
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const x of Array.isArray(v) ? v : [v]) sp.append(k, String(x));
  await app.goto(`/projects?${sp.toString()}`);
  await expectCount(app, query);
  await expect(page.getByTestId('projects-chips').getByRole('listitem')).toHaveCount(20);
});

test('a bad value in the link is reported and the rest still applies', async ({ app }) => {
  const { page } = app;
  await app.goto('/projects?registry=verra&issued_min=lots&listed_at_to=2021-02-30');
  await expect(page.getByRole('alert')).toContainText('Not applied');
  await expect(page.getByRole('alert')).toContainText('issued_min=lots');
  await expectCount(app, { registry: ['verra'] });
  await page.getByRole('button', { name: 'Remove from link' }).click();
  await expect(page).not.toHaveURL(/issued_min/);
  await expect(page).toHaveURL(/registry=verra/);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`projects screenshot (${scheme})`, async ({ app }) => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: scheme });
    await app.page.reload(); // the theme is read at start-up: load the app in the emulated scheme
    await app.goto('/projects?registry=verra&registry=gold-standard&sort=-issued');
    await expect(count(app)).not.toContainText('…');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await app.screenshot(`projects-filters-${scheme}`);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await app.screenshot(`projects-${scheme}`);
  });
}

test('project ids in natural order (ACR-2 before ACR-10), the default order shown on the Project column', async ({ app }) => {
  const { page } = app;
  await app.goto('/projects');
  const header = table(app).getByRole('columnheader', { name: /^Project/ });
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(idAt(app, 0)).not.toHaveText('');
  const ids: string[] = [];
  for (let i = 0; i < 15; i++) ids.push((await idAt(app, i).innerText()).trim());
  const key = (id: string) => {
    const m = /^(.*?)(\d*)$/.exec(id)!;
    return [m[1]!.toLowerCase(), Number(m[2] || 0)] as const;
  };
  for (let i = 1; i < ids.length; i++) {
    const [pa, na] = key(ids[i - 1]!);
    const [pb, nb] = key(ids[i]!);
    expect(pa < pb || (pa === pb && na <= nb), `${ids[i - 1]} before ${ids[i]}`).toBe(true);
  }
  // the same order as the contract's
  const first = await app.call<PageOf<ProjectRow>>('projects.list', { per_page: 15 });
  expect(ids).toEqual(first.data.map((p) => p.project_id));
  await header.getByRole('button').click();
  await expect(page).toHaveURL(/sort=-project_id/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
});

test('the filter panel is compact; a listing date is typed as the app writes dates (or ISO), a bad one says why', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.goto('/projects');
  await expect(count(app)).not.toContainText('…');
  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByTestId('project-filters');
  await expect(panel).toBeVisible();
  // every filter of group P in at most a third of the window, leaving the table most of it
  expect((await panel.boundingBox())!.height).toBeLessThan(300);

  const from = panel.getByRole('textbox', { name: 'Listed from', exact: true });
  const to = panel.getByRole('textbox', { name: 'Listed to', exact: true });
  await from.fill('1 Mar 2014');
  await from.press('Enter');
  await expect(page).toHaveURL(/listed_at_from=2014-03-01/);
  await expect(from).toHaveValue('1 Mar 2014');
  await expectCount(app, { listed_at_from: '2014-03-01' });
  await to.fill('2020-06-30');
  await to.press('Tab');
  await expect(page).toHaveURL(/listed_at_to=2020-06-30/);
  await expect(to).toHaveValue('30 Jun 2020');
  await expect(page.getByTestId('projects-chips')).toContainText('30 Jun 2020');
  await expectCount(app, { listed_at_from: '2014-03-01', listed_at_to: '2020-06-30' });

  // a day that does not exist, and a numeric order that reads two ways: said so, the applied date kept
  await to.fill('31 Feb 2020');
  await to.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText('"31 Feb 2020" is not a day of the calendar');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/listed_at_to=2020-06-30/);
  await to.fill('03/04/2020');
  await to.press('Enter');
  await expect(panel.getByRole('alert')).toContainText('could be read two ways');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/projects-date-input-error.png` });
  await to.press('Escape');
  await expect(to).toHaveValue('30 Jun 2020');
  // emptied, the bound goes
  await from.fill('');
  await from.press('Enter');
  await expect(page).not.toHaveURL(/listed_at_from/);
});
