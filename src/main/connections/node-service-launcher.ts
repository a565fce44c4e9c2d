/**
 * Starts the reference service as a Node child process: its bundle with this Node
 * (`process.execPath`), its TypeScript source through the repository's tsx. Used by the web host,
 * the CLI, the tests and the bench, which all run in plain Node.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ContractError } from '../../shared/errors';
import { ExitLatch, type ServiceLauncher, type ServiceProcess } from './service-launcher';

/** The nearest `node_modules/.bin/tsx` up from the entry's folder. */
function tsxFor(entry: string): string | null {
  const bin = process.platform === 'win32' ? 'tsx.cmd' : 'tsx';
  let dir = path.dirname(entry);
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'node_modules', '.bin', bin);
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

/** The command that runs `entry`: Node for JavaScript, tsx for TypeScript. */
export function nodeCommandFor(entry: string): { command: string; args: string[] } {
  if (/\.[cm]?js$/.test(entry)) return { command: process.execPath, args: [entry] };
  const tsx = tsxFor(entry);
  if (!tsx) throw new ContractError('demo_unavailable', `The built-in demo service cannot run ${entry}: tsx is not installed`);
  return { command: tsx, args: [entry] };
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
