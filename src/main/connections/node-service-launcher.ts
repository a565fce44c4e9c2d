/**
 * Starts the reference service as a Node child process: its bundle with this Node
 * (`process.execPath`), its TypeScript source through the repository's tsx. Used by the web host,
 * the CLI, the tests and the bench, which all run in plain Node.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ContractError } from '../../shared/errors';
import { ExitLatch, type ServiceLauncher, type ServiceProcess } from './service-launcher';

/** tsx's loader (`node --import <it>`), resolved from the entry's folder, as a file URL. */
function tsxLoaderFor(entry: string): string | null {
  try {
    const packageJson = require.resolve('tsx/package.json', { paths: [path.dirname(entry)] });
    const loader = path.join(path.dirname(packageJson), 'dist', 'loader.mjs');
    return fs.existsSync(loader) ? pathToFileURL(loader).href : null;
  } catch {
    return null;
  }
}

/**
 * The command that runs `entry`: Node for JavaScript; for TypeScript the same Node with tsx's
 * loader, so the service is ONE process (a stop signal reaches it, nothing is orphaned) and no
 * `.cmd` shim is spawned (Node refuses those without a shell on Windows).
 */
export function nodeCommandFor(entry: string): { command: string; args: string[] } {
  if (/\.[cm]?js$/.test(entry)) return { command: process.execPath, args: [entry] };
  const loader = tsxLoaderFor(entry);
  if (!loader) throw new ContractError('demo_unavailable', `The built-in demo service cannot run ${entry}: tsx is not installed`);
  return { command: process.execPath, args: ['--import', loader, entry] };
}

export const nodeServiceLauncher: ServiceLauncher = {
  start(entry: string, args: string[]): ServiceProcess {
    const { command, args: prefix } = nodeCommandFor(entry);
    const child = spawn(command, [...prefix, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
    const latch = new ExitLatch();
    child.on('exit', (code, signal) => latch.settle({ code, signal }));
    // 'error' without a pid: the command could not be started at all (no 'exit' follows).
    child.on('error', (err) => {
      if (child.pid === undefined) latch.settle({ code: null, signal: null, error: err.message });
    });
    return {
      stdout: child.stdout,
      stderr: child.stderr,
      get exited() {
        return latch.exited;
      },
      onExit: (listener) => latch.onExit(listener),
      terminate: () => void child.kill('SIGTERM'),
      kill: () => void child.kill('SIGKILL'),
    };
  },
};
