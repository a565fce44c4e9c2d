/** Tables' columns as the analyst arranges them: hidden, moved, resized, remembered across reloads, reset. */
import path from 'node:path';
import { SCREENSHOT_DIR, expect, test, type AppPage } from './fixtures';
import { ensureSynced } from './market-sync';

test.beforeEach(async ({ app, webHost }) => {
  await ensureSynced(app, webHost);
});

const headers = (app: AppPage) => app.page.getByTestId('projects-table').locator('[role=columnheader]');
const headerTexts = async (app: AppPage) => (await headers(app).allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, '').trim());

test('the Projects table: hide a column, move one, resize one; the layout survives a reload and resets', async ({ app }) => {
  const { page } = app;
  await app.goto('/projects');
  await expect(page.getByTestId('projects-count')).toContainText('projects');
  const initial = await headerTexts(app);
  expect(initial).toContain('Registry');
  expect(initial.indexOf('Country')).toBeGreaterThan(initial.indexOf('Name'));

  const menu = page.getByRole('dialog', { name: 'Columns of the Projects table' });
  await page.getByRole('button', { name: 'Columns of the Projects table' }).click();
  await expect(menu).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'projects-columns-menu.png') });
  await menu.getByRole('checkbox', { name: 'Registry' }).uncheck();
  for (let i = 0; i < 10 && (await headerTexts(app)).indexOf('Country') > (await headerTexts(app)).indexOf('Name'); i++) {
    await menu.getByRole('button', { name: 'Move Country left' }).click();
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  let now = await headerTexts(app);
  expect(now).not.toContain('Registry');
  expect(now.indexOf('Country')).toBe(now.indexOf('Name') - 1);
  // the rows follow their headers: the cell under Country holds a country, not a name
  const countryAt = now.indexOf('Country');
  const firstRow = page.getByTestId('projects-table').locator('[role=row][aria-rowindex="2"] [role=cell]');
  const row = await app.call<{ data: Array<{ country: string | null }> }>('projects.list', { per_page: 1 });
  await expect(firstRow.nth(countryAt)).toHaveText(new RegExp(row.data[0]!.country ? '\\S' : '—'));

  // drag the right edge of Name 120 px to the right
  const name = headers(app).filter({ hasText: 'Name' });
  const before = (await name.boundingBox())!.width;
  const handle = page.getByRole('separator', { name: 'Resize Name' });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  const after = (await name.boundingBox())!.width;
  expect(after).toBeGreaterThan(before + 100);
  // and the cells under it are as wide as their header
  const nameAt = (await headerTexts(app)).indexOf('Name');
  expect(Math.abs((await firstRow.nth(nameAt).boundingBox())!.width - after)).toBeLessThan(2);

  await page.reload();
  await expect(page.getByTestId('projects-count')).toContainText('projects');
  now = await headerTexts(app);
  expect(now).not.toContain('Registry');
  expect(now.indexOf('Country')).toBe(now.indexOf('Name') - 1);
  expect(Math.abs((await headers(app).filter({ hasText: 'Name' }).boundingBox())!.width - after)).toBeLessThan(2);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'projects-columns-arranged.png') });

  await page.getByRole('button', { name: 'Columns of the Projects table' }).click();
  await menu.getByRole('button', { name: 'Reset columns' }).click();
  await expect.poll(() => headerTexts(app)).toEqual(initial);
});
