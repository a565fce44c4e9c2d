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

  it('writes the one meta tag into index.html, replacing a hand-written one', () => {
    const plugin = cspMetaPlugin();
    type Out = { html: string; tags: Array<{ tag: string; attrs: Record<string, string> }> };
    const hook = plugin.transformIndexHtml as { handler: (html: string, ctx?: unknown) => Out };
    const source = `<head><meta charset="UTF-8" />\n<meta http-equiv="Content-Security-Policy" content="default-src *" />\n<title>x</title></head>`;
    const built = hook.handler(source, { path: '/index.html', filename: 'index.html' });
    expect(built.html).not.toContain('default-src *');
    expect(built.html).toContain('<title>x</title>');
    expect(built.tags).toHaveLength(1);
    expect(built.tags[0]?.attrs['http-equiv']).toBe('Content-Security-Policy');
    expect(built.tags[0]?.attrs.content).toBe(contentSecurityPolicy({ delivery: 'meta' }));

    const served = hook.handler(source, { path: '/index.html', filename: 'index.html', server: { resolvedUrls: { local: ['http://localhost:5173/'], network: [] } } });
    expect(served.tags[0]?.attrs.content).toBe(contentSecurityPolicy({ delivery: 'meta', devServerOrigin: 'http://localhost:5173' }));
  });
});
