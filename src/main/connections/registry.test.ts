import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConnectionRegistry, DEMO_CONNECTION_ID } from './registry';

describe('ConnectionRegistry', () => {
  const fresh = () => new ConnectionRegistry(fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-reg-')));

  it('starts with the built-in demo selected', () => {
    const reg = fresh();
    expect(reg.selected()?.id).toBe(DEMO_CONNECTION_ID);
    expect(reg.list()).toHaveLength(1);
  });

  it('adds, selects and removes a service connection, and persists it without any key', () => {
    const reg = fresh();
    const c = reg.add({ name: 'Prod', baseUrl: 'https://api.example.com/', keyStorage: 'keychain' });
    expect(c.baseUrl).toBe('https://api.example.com');
    reg.select(c.id);
    const again = new ConnectionRegistry(reg.dataDir);
    expect(again.selected()?.id).toBe(c.id);
    expect(fs.readFileSync(path.join(reg.dataDir, 'connections.json'), 'utf8')).not.toMatch(/ccmd_live_/);
    again.remove(c.id);
    expect(again.selected()?.id).toBe(DEMO_CONNECTION_ID);
    expect(() => again.remove(DEMO_CONNECTION_ID)).toThrow(/cannot be removed/);
  });

  it('gives each connection its own cache file, with a safe name', () => {
    const reg = fresh();
    expect(reg.cachePath('a/../b')).toBe(path.join(reg.dataDir, 'cache', 'a____b.sqlite'));
    expect(reg.cachePath('demo')).not.toBe(reg.cachePath('other'));
  });
});
