import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, originOf, trustedOrigins } from './app-origin';
import { decideNavigation, decidePermission, decideRedirect, decideWindowOpen, isAllowedRendererRequest } from './navigation-policy';

const prod = trustedOrigins(null);
const dev = trustedOrigins('http://localhost:5173/');

describe('origins', () => {
  it('computes origins for custom schemes too', () => {
    expect(originOf('app://carbon-desk/projects?x=1')).toBe(APP_ORIGIN);
    expect(originOf('APP://Carbon-Desk/')).toBe(APP_ORIGIN);
    expect(originOf('http://localhost:5173/a')).toBe('http://localhost:5173');
    expect(originOf('not a url')).toBeNull();
    expect(originOf('javascript:alert(1)')).toBeNull();
  });

  it('trusts only the app origin, plus a loopback dev server', () => {
    expect(prod).toEqual([APP_ORIGIN]);
    expect(dev).toEqual([APP_ORIGIN, 'http://localhost:5173']);
    expect(trustedOrigins('https://evil.example:5173')).toEqual([APP_ORIGIN]);
  });
});

describe('navigation', () => {
  it('allows navigation within the app origin only', () => {
    expect(decideNavigation('app://carbon-desk/projects/VCS-1', prod)).toEqual({ allow: true });
    expect(decideNavigation('app://carbon-desk.evil.example/', prod).allow).toBe(false);
    expect(decideNavigation('app://other/', prod).allow).toBe(false);
    expect(decideNavigation('http://localhost:5173/', prod).allow).toBe(false);
    expect(decideNavigation('http://localhost:5173/buyers', dev)).toEqual({ allow: true });
  });

  it('sends a denied http(s) navigation to the OS browser and drops every other scheme', () => {
    expect(decideNavigation('https://registry.verra.org/x', prod)).toEqual({ allow: false, openExternally: 'https://registry.verra.org/x' });
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'smb://host/share', 'data:text/html,hi', 'ms-settings:']) {
      expect(decideNavigation(url, prod)).toEqual({ allow: false, openExternally: null });
    }
  });

  it('follows redirects only within the app origin', () => {
    expect(decideRedirect('app://carbon-desk/index.html', prod)).toBe(true);
    expect(decideRedirect('https://example.org/', prod)).toBe(false);
    expect(decideRedirect('file:///etc/passwd', prod)).toBe(false);
  });

  it('denies every new window and opens only safe links externally', () => {
    expect(decideWindowOpen('https://example.org/a')).toEqual({ action: 'deny', openExternally: 'https://example.org/a' });
    expect(decideWindowOpen('app://carbon-desk/projects')).toEqual({ action: 'deny', openExternally: null });
    expect(decideWindowOpen('javascript:alert(1)')).toEqual({ action: 'deny', openExternally: null });
    expect(decideWindowOpen('about:blank')).toEqual({ action: 'deny', openExternally: null });
  });

  it('refuses every permission but the app origin\'s clipboard writes', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'hid', 'serial', 'usb', 'unknown']) {
      expect(decidePermission(p, APP_ORIGIN, prod)).toBe(false);
    }
    expect(decidePermission('clipboard-sanitized-write', APP_ORIGIN, prod)).toBe(true);
    expect(decidePermission('clipboard-sanitized-write', `${APP_ORIGIN}/settings`, prod)).toBe(true);
    for (const origin of ['https://evil.example', 'http://localhost:5173', 'file:///etc', 'null', '', null, undefined]) {
      expect(decidePermission('clipboard-sanitized-write', origin, prod)).toBe(false);
    }
    expect(decidePermission('clipboard-sanitized-write', 'http://localhost:5173/', dev)).toBe(true);
  });
});

describe('renderer requests', () => {
  it('allows the app origin and inline data, refuses remote content', () => {
    expect(isAllowedRendererRequest('app://carbon-desk/assets/index-abc.js', prod)).toBe(true);
    expect(isAllowedRendererRequest('data:image/png;base64,AAAA', prod)).toBe(true);
    expect(isAllowedRendererRequest('blob:app://carbon-desk/1234', prod)).toBe(true);
    expect(isAllowedRendererRequest('devtools://devtools/bundled/inspector.html', prod)).toBe(true);
    expect(isAllowedRendererRequest('https://tile.openstreetmap.org/1/1/1.png', prod)).toBe(false);
    expect(isAllowedRendererRequest('http://127.0.0.1:8080/v1/projects/', prod)).toBe(false);
    expect(isAllowedRendererRequest('file:///etc/passwd', prod)).toBe(false);
    expect(isAllowedRendererRequest('ws://localhost:5173/', prod)).toBe(false);
    expect(isAllowedRendererRequest('not a url', prod)).toBe(false);
  });

  it('allows the dev server and its HMR websocket in development only', () => {
    expect(isAllowedRendererRequest('http://localhost:5173/@vite/client', dev)).toBe(true);
    expect(isAllowedRendererRequest('ws://localhost:5173/', dev)).toBe(true);
    expect(isAllowedRendererRequest('ws://localhost:9999/', dev)).toBe(false);
  });
});
