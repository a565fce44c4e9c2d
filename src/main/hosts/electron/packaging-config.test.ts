/**
 * electron-builder cannot run here (no Electron binary), so its configuration is checked instead:
 * valid against electron-builder's own schema, the four targets, the native modules unpacked from
 * the archive, every fuse the security checklist asks for, the icon, and the bundled demo service.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = path.resolve(__dirname, '../../../..');
const yaml = require('js-yaml') as { load(text: string): unknown };
const { minimatch } = require('minimatch') as { minimatch(file: string, glob: string, options?: { dot?: boolean }): boolean };
const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};

interface BuilderConfig {
  icon: string;
  directories: { buildResources: string };
  asar: boolean;
  asarUnpack: string[];
  files: string[];
  electronFuses: Record<string, boolean>;
  win: { target: Array<{ target: string }> };
  mac: { target: Array<{ target: string }>; hardenedRuntime: boolean };
  linux: { target: Array<{ target: string }> };
  deb: { depends: string[] };
}

const config = yaml.load(fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const silent = { isEnabled: false, add() {}, addValue() {} };

/** Whether electron-builder's `files` globs take a file: a positive glob matches and no later `!` glob drops it. */
function shipped(file: string): boolean {
  let taken = false;
  for (const glob of config.files) {
    if (glob.startsWith('!')) {
      if (minimatch(file, glob.slice(1), { dot: true })) taken = false;
    } else if (minimatch(file, glob, { dot: true })) taken = true;
  }
  return taken;
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const head = fs.readFileSync(file).subarray(0, 24);
  expect(head.subarray(1, 4).toString('latin1'), `${file} is a PNG`).toBe('PNG');
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

describe('electron-builder.yml', () => {
  it("matches electron-builder's schema", async () => {
    await expect(validateConfiguration(config, silent)).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...config, electronFusez: {} }, silent)).rejects.toThrow(/unknown property/);
  });

  it('builds nsis, dmg, AppImage and deb', () => {
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis']);
    expect(config.mac.target.map((t) => t.target)).toEqual(['dmg']);
    expect(config.linux.target.map((t) => t.target).sort()).toEqual(['AppImage', 'deb']);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.deb.depends).toContain('libsecret-1-0');
  });

  it('unpacks the native modules of better-sqlite3 and keytar from the archive', () => {
    expect(config.asar).toBe(true);
    const natives = ['node_modules/better-sqlite3/build/Release/better_sqlite3.node', 'node_modules/keytar/build/Release/keytar.node'];
    for (const file of natives) {
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
      expect(config.asarUnpack.some((glob) => minimatch(file, glob, { dot: true })), file).toBe(true);
    }
    expect(config.asarUnpack.some((glob) => minimatch('node_modules/zod/index.js', glob))).toBe(false);
  });

  it('sets every fuse of the security checklist', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('ships the built app only (no sources, no source maps)', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/main/**', 'out/preload/**', 'out/renderer/**', '!**/*.map']));
    expect(config.files.some((f) => f.startsWith('src'))).toBe(false);
    expect(shipped('src/service/index.ts')).toBe(false);
    expect(shipped('out/main/index.js.map')).toBe(false);
  });

  it('ships the bundled demo service beside the main bundle', () => {
    for (const file of ['out/main/index.js', 'out/main/reference-service.js', 'out/main/chunks/params-abc123.js']) expect(shipped(file), file).toBe(true);
  });

  it('takes its icon from a PNG of at least 512×512 rendered from resources/icon.svg', () => {
    expect(path.extname(config.icon)).toBe('.png');
    const icon = path.join(root, config.icon);
    expect(fs.existsSync(path.join(root, config.directories.buildResources, 'icon.svg'))).toBe(true);
    const { width, height } = pngSize(icon);
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(512);
  });
});
