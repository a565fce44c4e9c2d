import { describe, expect, it } from 'vitest';
import { trustedOrigins } from './app-origin';
import { isTrustedSender } from './ipc-sender';

const trusted = trustedOrigins(null);
const top = (url: string) => ({ url, parent: null });

describe('IPC sender check', () => {
  it('accepts the top frame of the app origin', () => {
    expect(isTrustedSender(top('app://carbon-desk/index.html'), trusted)).toBe(true);
    expect(isTrustedSender(top('app://carbon-desk/projects/VCS-12?x=1#y'), trusted)).toBe(true);
  });

  it('refuses other origins, subframes, missing frames and the dev server in production', () => {
    expect(isTrustedSender(top('https://evil.example/'), trusted)).toBe(false);
    expect(isTrustedSender(top('file:///opt/app/index.html'), trusted)).toBe(false);
    expect(isTrustedSender(top('app://carbon-desk.evil.example/'), trusted)).toBe(false);
    expect(isTrustedSender(top('about:blank'), trusted)).toBe(false);
    expect(isTrustedSender(top('http://localhost:5173/'), trusted)).toBe(false);
    expect(isTrustedSender({ url: 'app://carbon-desk/index.html', parent: {} }, trusted)).toBe(false);
    expect(isTrustedSender(null, trusted)).toBe(false);
    expect(isTrustedSender(undefined, trusted)).toBe(false);
  });

  it('accepts the dev server only when it is trusted', () => {
    expect(isTrustedSender(top('http://localhost:5173/'), trustedOrigins('http://localhost:5173'))).toBe(true);
  });
});
