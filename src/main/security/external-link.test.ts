import { describe, expect, it, vi } from 'vitest';
import { openExternalLink } from './external-link';

describe('external links', () => {
  it('opens only http(s) links in the OS browser', () => {
    const openExternal = vi.fn(async () => undefined);
    expect(openExternalLink('https://registry.verra.org/p/1', { openExternal })).toBe(true);
    expect(openExternalLink('http://example.org', { openExternal })).toBe(true);
    for (const url of ['javascript:alert(1)', 'file:///C:/Windows/System32/calc.exe', 'smb://10.0.0.1/share', 'ms-msdt:/id', 'app://carbon-desk/', '']) {
      expect(openExternalLink(url, { openExternal })).toBe(false);
    }
    expect(openExternal.mock.calls).toEqual([['https://registry.verra.org/p/1'], ['http://example.org/']]);
  });

  it('survives an OS without a handler', async () => {
    const openExternal = vi.fn(async () => {
      throw new Error('no handler');
    });
    expect(openExternalLink('https://example.org', { openExternal })).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
  });
});
