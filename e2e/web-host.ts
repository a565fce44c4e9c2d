/**
 * Starts the app's web host (`src/main/hosts/web/cli-entry.ts`, as `npm run web` does after its
 * build) on a free port with its own data folder, and reads the one ready line it prints.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export interface RunningWebHost {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  process: ChildProcess;
  stderr: () => string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..');

export async function startWebHostProcess(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<RunningWebHost> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-e2e-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/main/hosts/web/cli-entry.ts', '--port', '0', '--data-dir', dataDir], {
    cwd: ROOT,
    env: { ...process.env, CARBON_DEMO_SCALE: process.env.CARBON_DEMO_SCALE ?? '0.05', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errText = '';
  child.stderr!.on('data', (d: Buffer) => {
    errText += d.toString();
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not print its ready line in 60 s\n${errText}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`web host exited with ${code}\n${errText}`)));
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const msg = JSON.parse(line) as { event?: string; url?: string };
      if (msg.event === 'ready' && msg.url) {
        clearTimeout(timer);
        resolve({ url: msg.url });
      }
    });
  });
  const u = new URL(ready.url);
  return {
    url: ready.url,
    origin: u.origin,
    token: u.searchParams.get('token') ?? '',
    dataDir,
    process: child,
    stderr: () => errText,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
