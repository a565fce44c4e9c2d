/** Where the demo connection finds the reference service: the bundle when built, else the sources. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceServiceEntry, SERVICE_BUNDLE } from './service-entry';

const root = path.resolve(__dirname, '../../..');
const dirs: string[] = [];
const temp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-entry-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('referenceServiceEntry', () => {
  it('runs from the sources: the repository TypeScript entry', () => {
    expect(referenceServiceEntry(__dirname)).toBe(path.join(root, 'src', 'service', 'index.ts'));
    expect(referenceServiceEntry()).toBe(path.join(root, 'src', 'service', 'index.ts'));
  });

  it('prefers the bundle beside the code, or one folder up from a chunks folder', () => {
    const main = path.join(temp(), 'app.asar', 'out', 'main');
    fs.mkdirSync(path.join(main, 'chunks'), { recursive: true });
    fs.writeFileSync(path.join(main, SERVICE_BUNDLE), '');
    expect(referenceServiceEntry(main)).toBe(path.join(main, SERVICE_BUNDLE));
    expect(referenceServiceEntry(path.join(main, 'chunks'))).toBe(path.join(main, SERVICE_BUNDLE));
  });

  it('fails with demo_unavailable when there is neither a bundle nor the sources', () => {
    const dir = temp();
    fs.writeFileSync(path.join(dir, 'package.json'), '{}');
    expect(() => referenceServiceEntry(dir)).toThrow(expect.objectContaining({ code: 'demo_unavailable' }));
  });
});
