/** Countries: the index with its choropleth (offline), a profile laid out by theme, policy updates. */
import { expect, test } from './fixtures';
import { shootBoth, waitForDemoSync } from './demo-support';

interface IndexEntry {
  country: string;
  country_code: string | null;
  issued: number;
  has_profile: boolean;
}

test('index and choropleth match countries.index; a country profile by theme with its updates', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  app.consoleErrors.length = 0;
  await app.goto('/countries');
  const index = await app.call<IndexEntry[]>('countries.index');
  await expect(page.getByTestId('country-row')).toHaveCount(index.length);
  const top = [...index].sort((a, b) => b.issued - a.issued || a.country.localeCompare(b.country))[0]!;
  await expect(page.getByTestId('country-row').first()).toContainText(top.country);
  await expect(page.getByTestId('country-row').first()).toContainText(top.issued.toLocaleString('en-US'));
  const map = page.getByTestId('carbon-map');
  await expect.poll(async () => Number(await map.getAttribute('data-basemap'))).toBeGreaterThan(200);
  await expect(page.getByTestId('map-legend')).toContainText('Credits issued');
  await page.getByRole('group', { name: 'Map shows' }).getByRole('button', { name: 'Projects' }).click();
  await expect(page).toHaveURL(/metric=projects/);
  await expect(page.getByTestId('map-legend')).toContainText('Projects');
  await page.getByTestId('country-search').fill(top.country.slice(0, 4));
  await expect(page.getByTestId('country-row').first()).toContainText(top.country);
  await page.getByTestId('country-search').fill('');
  await page.getByRole('group', { name: 'Map shows' }).getByRole('button', { name: 'Credits issued' }).click();
  await shootBoth(app, 'countries-index');

  const withProfile = index.find((c) => c.has_profile && c.country_code)!;
  await page.getByRole('link', { name: withProfile.country, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/countries/${withProfile.country_code}`));
  const profile = await app.call<{ country_name: string | null; total_projects: number }>('countries.get', { country_code: withProfile.country_code });
  if (profile.country_name) await expect(page.getByRole('heading', { level: 1 })).toHaveText(profile.country_name);
  for (const section of ['market', 'article6', 'corsia', 'pricing', 'ndc', 'risk', 'ai']) await expect(page.getByTestId(`profile-${section}`)).toBeVisible();
  await expect(page.getByTestId('profile-market')).toContainText(profile.total_projects.toLocaleString('en-US'));
  const updates = await app.call<unknown[]>('countries.updates', { country_code: withProfile.country_code });
  await expect(page.getByTestId('country-update')).toHaveCount(updates.length);
  await shootBoth(app, 'country-profile');
  expect(app.consoleErrors).toEqual([]);
});

test('an unknown country code says so in words', async ({ app }) => {
  await waitForDemoSync(app);
  await app.goto('/countries/ZZ');
  await expect(app.page.getByTestId('missing-data').first()).toContainText('Country ZZ is not in the cache: no cached project is in it');
});
