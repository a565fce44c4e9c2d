/**
 * The origin the Electron window loads the renderer from: `app://carbon-desk/...`, a privileged
 * standard scheme served from the packaged renderer folder (see hosts/electron/app-protocol.ts).
 * In development the electron-vite dev server's origin is trusted in addition.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'carbon-desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * `scheme://host[:port]` of a URL, lower-cased, or null when it does not parse. Unlike
 * `URL.origin` this also answers for custom schemes (Node reports "null" for them).
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!parsed.host) return null;
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

/** The origins the window may load and talk from: the app's own, plus the dev server when given. */
export function trustedOrigins(devServerUrl?: string | null): string[] {
  const origins = [APP_ORIGIN];
  const dev = devServerUrl ? originOf(devServerUrl) : null;
  if (dev && /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(dev)) origins.push(dev);
  return origins;
}

export function isTrustedOrigin(url: string, origins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && origins.includes(origin);
}
