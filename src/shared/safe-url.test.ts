import { describe, expect, it } from 'vitest';
import { isSafeHref, safeHref } from './safe-url';

describe('safeHref', () => {
  it('keeps absolute http and https URLs (normalised)', () => {
    expect(safeHref('https://registry.verra.org/app/projectDetail/VCS/1234')).toBe('https://registry.verra.org/app/projectDetail/VCS/1234');
    expect(safeHref('  http://Example.org/a b?q=1#x ')).toBe('http://example.org/a%20b?q=1#x');
    expect(safeHref('HTTPS://example.org')).toBe('https://example.org/');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://example.org/uuid',
    'app://carbon-desk/index.html',
    'ftp://example.org/file',
    '//evil.example/path',
    '/relative/path',
    'example.org',
    'https://user:pass@example.org/',
    'https://user@example.org/',
    'http://',
    'https://exa mple.org',
    'https://example.org/a\u2028b',
    '',
    '   ',
  ])('refuses %j', (value) => {
    expect(safeHref(value)).toBeNull();
    expect(isSafeHref(value)).toBe(false);
  });

  it('refuses values that are not strings and over-long URLs', () => {
    for (const value of [null, undefined, 42, {}, ['https://example.org'], new URL('https://example.org')]) {
      expect(safeHref(value)).toBeNull();
    }
    expect(safeHref(`https://example.org/${'a'.repeat(5000)}`)).toBeNull();
  });
});
