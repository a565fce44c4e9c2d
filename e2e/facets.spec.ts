/** The filter panel's pick lists: the values the cache holds, each with the projects choosing it would list. */
import path from 'node:path';
import { SCREENSHOT_DIR, expect, test } from './fixtures';
import { ensureSynced, fmt } from './market-sync';

test.beforeEach(async ({ app, webHost }) => {
  await ensureSynced(app, webHost);
});

test('with Verra chosen, a country\'s count is the number of projects choosing it lists; certifications read by name', async ({ app }) => {
  const { page } = app;
  await app.goto('/projects?registry=verra');
  await expect(page.getByTestId('projects-count')).toContainText('projects');
  const panel = page.getByTestId('project-filters');
  if (!(await panel.isVisible())) await page.getByRole('button', { name: /^Filters/ }).click();

  const country = panel.getByTestId('filter-country');
  await country.getByRole('button').click();
  const option = country.getByRole('option').first();
  await expect(option.locator('.ms-hint')).not.toHaveText('');
  const name = (await option.locator('.ms-option-label').innerText()).trim();
  const predicted = (await option.locator('.ms-hint').innerText()).trim();
  // the contract agrees with what the list shows
  const total = await app.call<{ projects: number }>('projects.totals', { registry: ['verra'], country: [name] });
  expect(predicted).toBe(fmt(total.projects));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'projects-facet-counts.png') });
  await option.locator('input[type=checkbox]').check();
  await expect(page.getByTestId('projects-count')).toContainText(`${predicted} of `);

  const certifications = panel.getByTestId('filter-certifications');
  await page.keyboard.press('Escape');
  await certifications.getByRole('button').click();
  await expect(certifications.getByRole('option', { name: /CCB Gold/ })).toBeVisible();
  await expect(certifications.getByRole('option', { name: /^ccb-gold/ })).toHaveCount(0);
});
