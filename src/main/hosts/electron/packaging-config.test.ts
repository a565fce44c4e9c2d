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
  mac: { target: Array<{ target: string }>; hardenedRuntime: boolean; notarize: boolean; entitlements: string; entitlementsInherit: string };
  win: { target: Array<{ target: string }>; signtoolOptions: { signingHashAlgorithms: string[]; rfc3161TimeStampServer: string } };
  publish: unknown;
  linux: { target: Array<{ target: string; arch: string[] }> };
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

  it('builds nsis, dmg (and the zip macOS updates come from), AppImage and deb', () => {
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis']);
    expect(config.mac.target.map((t) => t.target)).toEqual(['dmg', 'zip']);
    expect(config.linux.target.map((t) => t.target).sort()).toEqual(['AppImage', 'deb']);
  });

  it('builds Linux for x64 and arm64, as the DuckDB bindings are installed for both', () => {
    for (const t of config.linux.target) expect(t.arch).toEqual(['x64', 'arm64']);
  });

  it("depends on everything electron-builder's deb would, plus the keychain, GPU buffers and ALSA", () => {
    // This list replaces electron-builder's defaults, so it must hold them all (xdg-utils for shell.openExternal …).
    const FpmTarget = (require('app-builder-lib/out/targets/FpmTarget') as { default: { prototype: { getDefaultDepends(target: string): string[] } } }).default;
    const defaults = FpmTarget.prototype.getDefaultDepends.call(null, 'deb');
    expect(defaults).toContain('xdg-utils');
    expect(config.deb.depends).toEqual(expect.arrayContaining([...defaults, 'libsecret-1-0', 'libgbm1', 'libasound2 | libasound2t64']));
  });

  it('signs and notarizes from the environment, with a hardened runtime that allows only the JIT', () => {
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.notarize).toBe(true);
    expect(config.mac.entitlements).toBe('resources/entitlements.mac.plist');
    expect(config.mac.entitlementsInherit).toBe(config.mac.entitlements);
    const plist = fs.readFileSync(path.join(root, config.mac.entitlements), 'utf8');
    const keys = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<(true|false)\s*\/>/g)].map((m) => [m[1], m[2]]);
    expect(keys).toEqual([['com.apple.security.cs.allow-jit', 'true']]);
    expect(config.win.signtoolOptions).toMatchObject({ signingHashAlgorithms: ['sha256'], rfc3161TimeStampServer: expect.stringMatching(/^https?:\/\//) });
    // No secret in the configuration: certificates and passwords come from CSC_* / APPLE_* / AZURE_* variables.
    expect(fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')).not.toMatch(/cscKeyPassword|certificatePassword|appleIdPassword|-----BEGIN/);
  });

  it('has no update feed unless the build is given one (CARBON_UPDATE_URL through scripts/dist.mjs)', () => {
    expect(config.publish).toBeNull();
    const dist = fs.readFileSync(path.join(root, 'scripts/dist.mjs'), 'utf8');
    expect(dist).toContain('CARBON_UPDATE_URL');
    expect(dist).toContain('-c.publish.provider=generic');
  });

  it('unpacks the native modules of better-sqlite3, keytar and DuckDB from the archive', () => {
    expect(config.asar).toBe(true);
    const duckdb = fs.readdirSync(path.join(root, 'node_modules/@duckdb')).find((d) => d.startsWith('node-bindings-'))!;
    const natives = [
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node', 'node_modules/keytar/build/Release/keytar.node',
      ...fs.readdirSync(path.join(root, 'node_modules/@duckdb', duckdb)).filter((f) => /\.(node|so|dylib|dll)$/.test(f)).map((f) => `node_modules/@duckdb/${duckdb}/${f}`),
    ];
    expect(natives.some((f) => f.endsWith('duckdb.node'))).toBe(true);
    for (const file of natives) {
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
      expect(config.asarUnpack.some((glob) => minimatch(file, glob, { dot: true })), file).toBe(true);
    }
    expect(config.asarUnpack.some((glob) => minimatch('node_modules/zod/index.js', glob))).toBe(false);
    // Every architecture of each OS gets its DuckDB binding (npm installs the machine's only).
    const dist = fs.readFileSync(path.join(root, 'scripts/dist.mjs'), 'utf8');
    for (const target of ['darwin-x64', 'darwin-arm64', 'win32-x64', 'linux-x64', 'linux-arm64']) expect(dist).toContain(`'${target}'`);
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
