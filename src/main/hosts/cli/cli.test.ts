import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

async function cli(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [TSX, 'src/main/hosts/cli/index.ts', ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('cli call', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-cli-'));

  it('prints the method output as JSON', async () => {
    const res = await cli(['call', 'app.info', '{}', '--data-dir', dataDir]);
    expect(res.code).toBe(0);
    const info = JSON.parse(res.stdout);
    expect(info).toMatchObject({ host: 'cli', dataDir, connection: { id: 'demo' } });
  });

  it('fails with exit 2 and one line for an input the contract rejects', async () => {
    const res = await cli(['call', 'connections.select', '{"id":42}', '--data-dir', dataDir]);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim().split('\n').filter((l) => !l.startsWith('npm warn'))).toHaveLength(1);
    expect(res.stderr).toMatch(/invalid_input: .*id/);
  });

  it('fails with exit 2 for bad JSON and for an unknown method', async () => {
    expect((await cli(['call', 'app.info', '{oops', '--data-dir', dataDir])).code).toBe(2);
    const unknown = await cli(['call', 'no.such', '{}', '--data-dir', dataDir]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown method 'no.such'/);
  });

  it('fails with exit 1 when the method itself fails', async () => {
    const res = await cli(['call', 'connections.select', '{"id":"missing"}', '--data-dir', dataDir]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/not_found/);
  });
});
