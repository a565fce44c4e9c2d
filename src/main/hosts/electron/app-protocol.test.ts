import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({}));
const { answerAppRequest } = await import('./app-protocol');

let base: string;
let root: string;
beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-app-protocol-'));
  root = path.join(base, 'renderer');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
  fs.writeFileSync(path.join(root, 'assets', 'index.js'), 'console.log(1)');
  fs.writeFileSync(path.join(base, 'secret.txt'), 'outside');
  fs.mkdirSync(path.join(base, 'renderer-evil'));
  fs.writeFileSync(path.join(base, 'renderer-evil', 'x.js'), 'outside');
  fs.symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'assets', 'link.txt'));
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('app:// answers', () => {
  it('serves files and falls back to index.html for routes', async () => {
    expect(await answerAppRequest(root, 'app://carbon-desk/assets/index.js')).toEqual({ status: 200, file: fs.realpathSync(path.join(root, 'assets/index.js')) });
    expect(await answerAppRequest(root, 'app://carbon-desk/projects/VCS-191?tab=credits')).toEqual({ status: 200, file: fs.realpathSync(path.join(root, 'index.html')) });
    expect(await answerAppRequest(root, 'app://carbon-desk/buyers/Acme%20Corp.%20Ltd')).toMatchObject({ status: 200 });
  });

  it('answers 404 for missing assets, never HTML', async () => {
    expect(await answerAppRequest(root, 'app://carbon-desk/assets/missing.js')).toMatchObject({ status: 404, file: null });
  });

  it('cannot be traversed: encoded dots, sibling folders, symlinks out, other hosts', async () => {
    expect(await answerAppRequest(root, 'app://carbon-desk/%2e%2e%2fsecret.txt')).toMatchObject({ file: null, status: 400 });
    expect(await answerAppRequest(root, 'app://carbon-desk/..%5csecret.txt')).toMatchObject({ file: null, status: 400 });
    // The URL parser resolves the dots inside the root: a route, answered with index.html.
    expect(await answerAppRequest(root, 'app://carbon-desk/../renderer-evil/x.js')).toEqual({ status: 200, file: fs.realpathSync(path.join(root, 'index.html')) });
    expect(await answerAppRequest(root, 'app://carbon-desk/assets/link.txt')).toMatchObject({ file: null, status: 403 });
    expect(await answerAppRequest(root, 'app://elsewhere/index.html')).toMatchObject({ file: null, status: 404 });
  });
});
