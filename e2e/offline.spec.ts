/**
 * Offline: a service connection reached through a loopback relay the test can cut. With the relay
 * cut the window says so (badge, OFFLINE pill, chrome line) within seconds, without a sync or any
 * click; Fetch latest fails at once with a sentence under the header; every view still answers
 * from the cache; with the relay back, the connection probe clears the badge without any user action.
 */
import net from 'node:net';
import { expect, test } from './fixtures';
import { shootBoth, waitForDemoSync } from './demo-support';
import type { Connection, SyncStatus } from '../src/shared/contract';

/** A TCP relay to `target` that can be cut (every socket destroyed, port closed) and reopened on its port. */
class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

test('cut from its service, the window says offline, views answer from the cache, and it recovers', async ({ app }) => {
  test.setTimeout(180_000);
  const { page } = app;
  await waitForDemoSync(app);
  const demo = (await app.call<Connection[]>('connections.list')).find((c) => c.kind === 'demo')!;
  const target = new URL(demo.baseUrl!);
  const relay = new Relay({ host: target.hostname, port: Number(target.port) });
  await relay.open();
  const key = await app.call<{ id: string; key: string }>('keys.create', { name: `offline e2e ${Date.now()}` });
  const relayed = await app.call<Connection>('connections.add', { name: 'Relayed service', baseUrl: `http://127.0.0.1:${relay.port}`, apiKey: key.key });
  try {
    await app.call('connections.select', { id: relayed.id });
    await app.call('sync.start', { jobs: ['keyInfo', 'projectTypes', 'projects'] });
    await expect.poll(async () => (await app.call<SyncStatus>('sync.status')).state, { timeout: 60_000 }).toBe('done');

    await app.goto('/projects');
    // selected through the contract, not the Settings view: the badge still follows
    await expect(page.getByTestId('connection-badge')).toContainText('Relayed service');
    await expect(page.getByTestId('connection-badge')).toContainText('Online');
    const count = (await page.getByTestId('projects-count').innerText()).trim();
    expect(count).toMatch(/^[\d,]+ of [\d,]+ projects$/);

    // the service stops while nothing asks it: the probe notices, no sync and no click needed
    const idle = await app.call<SyncStatus>('sync.status');
    await relay.cut();
    await expect(page.getByTestId('offline-badge')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('connection-badge')).toContainText('Relayed serviceOffline');
    await expect(page.getByTestId('chrome-notice')).toHaveAttribute('data-kind', 'offline');
    await expect(page.getByTestId('chrome-notice')).toContainText('Showing cached data');
    await expect(page.getByTestId('chrome-notice')).not.toContainText(/ECONN|errno/);
    expect((await app.call<SyncStatus>('sync.status')).startedAt).toBe(idle.startedAt);
    await app.goto('/sync');
    await expect(page.getByTestId('chrome-notice')).toHaveAttribute('data-kind', 'offline');
    await shootBoth(app, 'offline-sync-no-sync-run');

    // Fetch latest fails fast, in words, under the header (the title keeps its one line)
    const first = (await app.call<{ data: Array<{ project_id: string; name: string | null }> }>('projects.list', { per_page: 1, sort: ['-issued'] })).data[0]!;
    await app.goto(`/projects/${encodeURIComponent(first.project_id)}`);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toBeVisible();
    const oneLine = (await title.boundingBox())!.height;
    await page.getByRole('button', { name: 'Fetch latest' }).click();
    const outcome = page.getByTestId('fetch-outcome');
    await expect(outcome).toHaveAttribute('data-kind', 'failed', { timeout: 15_000 });
    await expect(outcome).toHaveText(/^Offline: the service cannot be reached, so nothing was fetched\. It can be fetched when the service answers again\./);
    await expect(outcome).not.toContainText(/ECONN|errno|offline:/);
    expect((await title.boundingBox())!.height).toBe(oneLine);
    for (const [w, h] of [[1440, 900], [1024, 700]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await expect(title).toBeVisible();
      await shootBoth(app, `offline-fetch-latest-${w}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // every table still answers from the cache
    await app.goto('/projects');
    await expect(page.getByTestId('projects-count')).toHaveText(count);
    await shootBoth(app, 'offline-projects');

    // one probe answers "still offline" first, so recovery needs the probe after it
    await page.waitForResponse('**/rpc/connections.status', { timeout: 60_000 });
    await expect(page.getByTestId('offline-badge')).toBeVisible();
    // the relay comes back on the same port: the next probe notices without any click
    await relay.open();
    await expect(page.getByTestId('offline-badge')).toBeHidden({ timeout: 90_000 });
    await expect(page.getByTestId('connection-badge')).toContainText('Online');
  } finally {
    await relay.cut();
    await app.call('connections.select', { id: demo.id });
    await app.call('connections.remove', { id: relayed.id });
    await app.call('keys.revoke', { id: key.id });
  }
});
