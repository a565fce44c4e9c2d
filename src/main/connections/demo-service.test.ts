/** The built-in demo connection: the reference service as a child process, synced automatically. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppContext, type AppContext } from '../app-context';
import { tempDir } from '../sync/test-support';
import { DEMO_CONNECTION_ID } from './registry';
import { webHostPorts } from '../hosts/web/web-ports';

const contexts: AppContext[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.dispose();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('demo connection', () => {
  it('starts the service as a child, syncs on its own, and stops the child on dispose', async () => {
    process.env.CARBON_DEMO_SCALE = '0.01';
    const dataDir = tempDir('demo');
    dirs.push(dataDir);
    const ctx = createAppContext({ dataDir, ports: webHostPorts(dataDir) });
    contexts.push(ctx);
    expect(ctx.connections.selected()?.id).toBe(DEMO_CONNECTION_ID);
    const progress: string[] = [];
    ctx.events.on('sync.progress', (s) => progress.push(s.state));
    const first = await ctx.syncs.startDemoSync();
    expect(first?.state).toBe('running');
    const demo = await ctx.demo.ensure();
    expect(ctx.connections.get(DEMO_CONNECTION_ID).baseUrl).toBe(demo.baseUrl);
    expect(fs.existsSync(path.join(dataDir, 'demo', 'service.sqlite'))).toBe(true);
    const engine = await ctx.syncs.engineFor(DEMO_CONNECTION_ID);
    const done = await engine.whenDone();
    expect(done.state).toBe('done');
    const info = await ctx.caches.of(DEMO_CONNECTION_ID).call('read:cacheInfo');
    expect(info.tables.projects).toBeGreaterThan(0);
    expect(info.tables.credit_transactions).toBeGreaterThan(0);
    expect(progress).toContain('done');
    // The key stays in memory: nothing in the data folder holds it.
    for (const f of fs.readdirSync(dataDir, { recursive: true }) as string[]) {
      const full = path.join(dataDir, f);
      if (fs.statSync(full).isFile() && !f.endsWith('service.sqlite') && !f.includes('service.sqlite-')) {
        expect(fs.readFileSync(full).includes(Buffer.from(demo.apiKey))).toBe(false);
      }
    }
    const child = demo.process;
    expect(child.exited).toBeNull();

    // Killed from outside: offline at once with when and why, restarted by the probe, and said so;
    // the next sync talks to the restarted service (its engine is not left on the old port).
    const statuses: Array<{ state: string; message: string | null; restarted: unknown }> = [];
    const restarted = new Promise<void>((resolve) => ctx.events.on('connection.status', (s) => {
      statuses.push(s);
      if (s.restarted && s.state === 'reachable') resolve();
    }));
    ctx.watch.start();
    child.kill();
    await restarted;
    expect(statuses[0]).toMatchObject({ state: 'offline', message: expect.stringMatching(/^The built-in demo service stopped at \d\d:\d\d: its process was killed/) });
    expect(ctx.status.restarted).toMatchObject({ service: 'The built-in demo service', reason: 'its process was killed' });
    const again = await ctx.demo.ensure();
    expect(again.baseUrl).not.toBe(demo.baseUrl);
    (await ctx.syncs.engineFor(DEMO_CONNECTION_ID)).start({ jobs: ['projectTypes'] });
    expect((await (await ctx.syncs.engineFor(DEMO_CONNECTION_ID)).whenDone()).state).toBe('done');

    contexts.splice(0);
    await ctx.dispose();
    expect(child.exited).not.toBeNull();
    expect(again.process.exited).not.toBeNull();
  }, 120_000);
});
