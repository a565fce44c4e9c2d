/**
 * The smoke mode's steps under plain Node: the same AppContext the desktop app builds, with the
 * Node launcher for the demo service (the Electron host gives it the utility-process launcher,
 * tested in utility-service-launcher.test.ts) and a fresh data folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../app-context';
import { cliHostPorts } from '../cli/cli-ports';
import { runSmoke } from './smoke';

// A small demo market: the smoke checks that the steps work, not how big the market is.
process.env.CARBON_DEMO_SCALE ??= '0.01';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-smoke-'));
const ctx = createAppContext({ dataDir: dir, ports: cliHostPorts(dir) });
afterAll(async () => {
  await ctx.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('--smoke', () => {
  it('opens the cache and its analytical copy, starts the demo service, syncs one page and says ok', async () => {
    const result = await runSmoke(ctx);
    expect(result).toMatchObject({ event: 'smoke', ok: true, failedStep: null, error: null, copyCurrent: true });
    expect(result.rows).toBeGreaterThan(0);
    expect(result.cache).toContain(dir);
    expect(result.demoService).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  }, 180_000);
});
