import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppAsset } from './app-asset-path';

const root = path.resolve('/opt/carbon-desk/resources/app.asar/out/renderer');

describe('app:// asset resolution', () => {
  it('serves files inside the renderer folder', () => {
    expect(resolveAppAsset(root, 'app://carbon-desk/assets/index-abc.js')).toEqual({
      kind: 'file',
      file: path.join(root, 'assets/index-abc.js'),
      index: path.join(root, 'index.html'),
      routeFallback: false,
    });
    const home = resolveAppAsset(root, 'app://carbon-desk/');
    expect(home.kind === 'file' && home.file).toBe(path.join(root, 'index.html'));
  });

  it('marks client routes (deep links) for the index fallback, never under assets/', () => {
    const route = resolveAppAsset(root, 'app://carbon-desk/buyers/Acme%20Corp.%20Ltd?tab=analytics');
    expect(route).toMatchObject({ kind: 'file', file: path.join(root, 'buyers/Acme Corp. Ltd'), routeFallback: true });
    expect(resolveAppAsset(root, 'app://carbon-desk/assets/missing.js')).toMatchObject({ routeFallback: false });
  });

  it.each([
    'app://carbon-desk/assets/%2E%2E%2F%2E%2E%2Fmain/index.js',
    'app://carbon-desk/..%2f..%2fpackage.json',
    'app://carbon-desk/assets/..%5c..%5cpackage.json',
    'app://carbon-desk/%00index.html',
    'app://carbon-desk/C:/Windows/win.ini',
    'app://carbon-desk/%E0%A4%A',
    'app://evil/index.html',
    'app://carbon-desk:8080/index.html',
    'app://user:pw@carbon-desk/index.html',
    'file:///etc/passwd',
    'https://carbon-desk/index.html',
    'not a url',
  ])('refuses %s', (url) => {
    const result = resolveAppAsset(root, url);
    expect(result.kind).toBe('refused');
  });

  it('keeps dot segments the URL parser resolves inside the root', () => {
    for (const url of ['app://carbon-desk/../../../etc/passwd', 'app://carbon-desk/%2e%2e/%2e%2e/etc/passwd', 'app://carbon-desk/assets/../../x.js']) {
      const result = resolveAppAsset(root, url);
      expect(result.kind).toBe('file');
      if (result.kind === 'file') expect(path.relative(root, result.file).startsWith('..')).toBe(false);
    }
  });

  it('never resolves outside the root for any dotted path', () => {
    const tricky = ['/.', '/./', '/a/./../b', '/a/%2e/b', '/%2e', '/...', '/....//x', '/a/b/../../c'];
    for (const p of tricky) {
      const result = resolveAppAsset(root, `app://carbon-desk${p}`);
      if (result.kind === 'file') {
        expect(path.relative(root, result.file).startsWith('..')).toBe(false);
        expect(result.file.startsWith(root)).toBe(true);
      }
    }
  });
});
