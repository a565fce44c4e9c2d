/**
 * Links that survive: the printed address is opened once, its token becomes a session cookie, and
 * from then on a link pasted into another tab (another browser context holding the cookie) opens the
 * same view. A browser without the cookie gets the page but no data: every call is refused.
 */
import { expect, test } from './fixtures';
import { waitForDemoSync } from './demo-support';

test('a pasted link opens the same view where the session cookie is, and nothing where it is not', async ({ app, browser, webHost }) => {
  await waitForDemoSync(app);
  // The printed address was opened by the fixture: the token left the address bar for the cookie.
  expect(app.page.url()).not.toContain('token=');
  const cookies = await app.page.context().cookies();
  expect(cookies.map((c) => ({ name: c.name, httpOnly: c.httpOnly, sameSite: c.sameSite }))).toEqual([
    { name: `carbon_desk_session_${new URL(webHost.origin).port}`, httpOnly: true, sameSite: 'Strict' },
  ]);

  const link = `${webHost.origin}/#/projects?registry=verra`;
  const verra = await app.call<{ pagination: { total_entries: number } }>('projects.list', { registry: ['verra'], per_page: 1 });

  const withCookie = await browser.newContext({ storageState: await app.page.context().storageState(), viewport: { width: 1440, height: 900 } });
  try {
    const tab = await withCookie.newPage();
    await tab.goto(link);
    await expect(tab.getByTestId('projects-count')).toContainText(new Intl.NumberFormat('en-US').format(verra.pagination.total_entries));
    await tab.reload();
    await expect(tab.getByTestId('projects-count')).toContainText(new Intl.NumberFormat('en-US').format(verra.pagination.total_entries));
  } finally {
    await withCookie.close();
  }

  const stranger = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const tab = await stranger.newPage();
    await tab.goto(link);
    await expect(tab.getByText(/Missing session/).first()).toBeVisible();
    await expect(tab.getByTestId('projects-count')).toHaveCount(0);
    const refused = await tab.request.post(`${webHost.origin}/rpc/projects.list`, { data: {} });
    expect(refused.status()).toBe(401);
    await tab.screenshot({ path: 'e2e/output/screenshots/links-without-session.png' });
  } finally {
    await stranger.close();
  }
});
