/**
 * `npm run web [-- --port N] [--data-dir DIR]`: serves the app on 127.0.0.1 and prints ONE JSON
 * line `{"event":"ready","url":"http://127.0.0.1:PORT/?token=..."}` when ready. Without `--port` the
 * port is the data folder's own (the same at every start, so bookmarks of views survive a restart);
 * when another program holds it, a free port is used and the ready line says `"portInUse": true`.
 */
import path from 'node:path';
import { createAppContext } from '../../app-context';
import { defaultDataDir } from '../../data-dir';
import { createNodeSecretStore } from '../../secrets/node-secret-store';
import { readFlags, userPath } from '../args';
import { startBackgroundWork } from '../startup';
import { useStreamingHeap } from '../streaming-heap';
import { startWebHost } from './server';
import { stablePort } from './stable-port';
import { webHostPorts } from './web-ports';

async function main(): Promise<void> {
  useStreamingHeap();
  const { values } = readFlags(process.argv.slice(2), {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    'renderer-dir': { type: 'string' },
  });
  const dataDir = values['data-dir'] ? userPath(values['data-dir']) : defaultDataDir();
  const port = values.port === undefined ? stablePort(dataDir) : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, got '${values.port}'`);
  const rendererDir = path.resolve(values['renderer-dir'] ?? path.join(__dirname, '../../../../out/web'));
  const ctx = createAppContext({ dataDir, ports: webHostPorts(dataDir), secrets: await createNodeSecretStore(dataDir) });
  let host: Awaited<ReturnType<typeof startWebHost>>;
  let portInUse = false;
  try {
    host = await startWebHost({ ctx, port, rendererDir });
  } catch (err) {
    // The folder's own port is taken (an explicit --port is not second-guessed).
    if (values.port !== undefined || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    portInUse = true;
    host = await startWebHost({ ctx, port: 0, rendererDir });
  }
  process.stdout.write(`${JSON.stringify({ event: 'ready', url: host.url, ...(portInUse ? { portInUse } : {}) })}\n`);
  void startBackgroundWork(ctx).catch((err: unknown) => {
    process.stderr.write(`background work failed: ${err instanceof Error ? err.message : String(err)}\n`);
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await host.close();
    await ctx.dispose();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`carbon-desk web: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
