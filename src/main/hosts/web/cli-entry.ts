/**
 * `npm run web [-- --port N] [--data-dir DIR]`: serves the app on 127.0.0.1 and prints ONE JSON
 * line `{"event":"ready","url":"http://127.0.0.1:PORT/?token=..."}` when ready.
 */
import path from 'node:path';
import { createAppContext } from '../../app-context';
import { defaultDataDir } from '../../data-dir';
import { createNodeSecretStore } from '../../secrets/node-secret-store';
import { readFlags, userPath } from '../args';
import { startBackgroundWork } from '../startup';
import { startWebHost } from './server';
import { webHostPorts } from './web-ports';

async function main(): Promise<void> {
  const { values } = readFlags(process.argv.slice(2), {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    'renderer-dir': { type: 'string' },
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, got '${values.port}'`);
  const dataDir = values['data-dir'] ? userPath(values['data-dir']) : defaultDataDir();
  const rendererDir = path.resolve(values['renderer-dir'] ?? path.join(__dirname, '../../../../out/web'));
  const ctx = createAppContext({ dataDir, ports: webHostPorts(dataDir), secrets: await createNodeSecretStore(dataDir) });
  const host = await startWebHost({ ctx, port, rendererDir });
  process.stdout.write(`${JSON.stringify({ event: 'ready', url: host.url })}\n`);
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
