import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './content-security-policy';
import { cspMetaPlugin } from './csp-meta-plugin';

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name as string, values]));
}

describe('content security policy', () => {
  const header = directives(contentSecurityPolicy({ delivery: 'header' }));
  const meta = directives(contentSecurityPolicy({ delivery: 'meta' }));

  it('denies by default and allows scripts from the app only: no inline, no eval, no remote', () => {
    expect(header.get('default-src')).toEqual(["'none'"]);
    expect(header.get('script-src')).toEqual(["'self'"]);
    for (const policy of [header, meta]) {
      const all = [...policy.values()].flat();
      expect(all).not.toContain("'unsafe-eval'");
      expect(all.some((v) => /^https?:|^\*$|^https?:\/\//.test(v))).toBe(false);
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    }
  });

  it('forbids plugins, frames, forms and base changes', () => {
    expect(header.get('object-src')).toEqual(["'none'"]);
    expect(header.get('frame-src')).toEqual(["'none'"]);
    expect(header.get('base-uri')).toEqual(["'none'"]);
    expect(header.get('form-action')).toEqual(["'none'"]);
    expect(header.get('frame-ancestors')).toEqual(["'none'"]);
    expect(header.get('connect-src')).toEqual(["'self'"]);
  });

  it('leaves frame-ancestors out of the meta tag (ignored there, with a console error)', () => {
    expect(meta.has('frame-ancestors')).toBe(false);
    expect(meta.get('script-src')).toEqual(["'self'"]);
  });

  it('opens the dev server origin and its websocket only when asked', () => {
    const devPolicy = directives(contentSecurityPolicy({ delivery: 'header', devServerOrigin: 'http://localhost:5173' }));
    expect(devPolicy.get('script-src')).toContain('http://localhost:5173');
    expect(devPolicy.get('connect-src')).toEqual(["'self'", 'http://localhost:5173', 'ws://localhost:5173']);
  });

  it('sends nosniff, no-referrer and same-origin isolation headers with the policy', () => {
    const headers = securityHeaders({ delivery: 'meta' });
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('no-referrer');
  });

  it('injects the meta tag into the built index.html', () => {
    const plugin = cspMetaPlugin();
    expect(plugin.apply).toBe('build');
    const hook = plugin.transformIndexHtml as { handler: () => Array<{ tag: string; attrs: Record<string, string> }> };
    const [tag] = hook.handler();
    expect(tag?.tag).toBe('meta');
    expect(tag?.attrs['http-equiv']).toBe('Content-Security-Policy');
    expect(tag?.attrs.content).toBe(contentSecurityPolicy({ delivery: 'meta' }));
  });
});
