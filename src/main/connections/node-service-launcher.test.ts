/** The Node launcher: the bundle runs with this Node, the sources through tsx; a failed start is an exit. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeCommandFor, nodeServiceLauncher } from './node-service-launcher';
import type { ServiceExit } from './service-launcher';

const root = path.resolve(__dirname, '../../..');

describe('nodeCommandFor', () => {
  it('runs a JavaScript bundle with process.execPath', () => {
    expect(nodeCommandFor('/app/out/main/reference-service.js')).toEqual({ command: process.execPath, args: ['/app/out/main/reference-service.js'] });
  });

  it("runs the TypeScript source in this Node with the repository's tsx loader (one process, no .cmd shim)", () => {
    const entry = path.join(root, 'src', 'service', 'index.ts');
    const { command, args } = nodeCommandFor(entry);
    expect(command).toBe(process.execPath);
    expect(args).toEqual(['--import', pathToFileURL(path.join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href, entry]);
  });

  it('fails with demo_unavailable for TypeScript where no tsx is installed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-notsx-'));
    try {
      expect(() => nodeCommandFor(path.join(dir, 'index.ts'))).toThrow(expect.objectContaining({ code: 'demo_unavailable' }));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('nodeServiceLauncher', () => {
  it('pipes the output of the child and reports its exit once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-launch-'));
    try {
      const script = path.join(dir, 'echo.js');
      fs.writeFileSync(script, "process.stdout.write(process.argv.slice(2).join(' ') + '\\n'); process.stderr.write('side\\n'); process.exitCode = 3;");
      const child = nodeServiceLauncher.start(script, ['--port', '0']);
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      const exits: ServiceExit[] = [];
      const exit = await new Promise<ServiceExit>((resolve) => child.onExit((e) => (exits.push(e), resolve(e))));
      expect(exit).toEqual({ code: 3, signal: null });
      expect(out).toBe('--port 0\n');
      expect(err).toBe('side\n');
      child.onExit((e) => exits.push(e)); // already exited: called at once with the same exit
      expect(exits).toEqual([exit, exit]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('terminates with SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-launch-'));
    try {
      const script = path.join(dir, 'wait.js');
      fs.writeFileSync(script, "process.stdout.write('up\\n'); setInterval(() => {}, 1000);");
      const child = nodeServiceLauncher.start(script, []);
      await new Promise((resolve) => child.stdout.once('data', resolve));
      const exit = new Promise<ServiceExit>((resolve) => child.onExit(resolve));
      child.terminate();
      expect(await exit).toEqual({ code: null, signal: 'SIGTERM' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
