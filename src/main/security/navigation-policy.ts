/**
 * What the window may do, as pure decisions the Electron host wires to its events:
 * - navigation (`will-navigate`, `will-redirect`): stay on the app's own origin, nothing else;
 * - new windows (`setWindowOpenHandler`): always denied; a safe http(s) link goes to the OS browser;
 * - permission requests and checks (camera, geolocation, notifications, ...): always denied;
 * - network requests of the renderer: only the app's own origin and inline data, no remote content.
 */
import { safeHref } from '../../shared/safe-url';
import { isTrustedOrigin, originOf } from './app-origin';

export type NavigationDecision = { allow: true } | { allow: false; openExternally: string | null };

export function decideNavigation(url: string, trusted: readonly string[]): NavigationDecision {
  if (isTrustedOrigin(url, trusted)) return { allow: true };
  return { allow: false, openExternally: safeHref(url) };
}

/** Redirects are followed only within the app's origin; nothing is opened externally for them. */
export function decideRedirect(url: string, trusted: readonly string[]): boolean {
  return isTrustedOrigin(url, trusted);
}

/** New windows are never created; the link goes to the OS browser when it is a safe http(s) URL. */
export function decideWindowOpen(url: string): { action: 'deny'; openExternally: string | null } {
  return { action: 'deny', openExternally: safeHref(url) };
}

/**
 * Permissions: one is granted, writing sanitized text to the clipboard ("copy" on a new API key, a
 * project id), and only to the app's own origin; every other request and check is refused.
 */
export function decidePermission(permission: string, requestingOrigin: string | null | undefined, trusted: readonly string[]): boolean {
  if (permission !== 'clipboard-sanitized-write' || !requestingOrigin) return false;
  const origin = originOf(requestingOrigin);
  return origin !== null && trusted.includes(origin);
}

const INLINE_SCHEMES = new Set(['data:', 'blob:']);
const DEVTOOLS_SCHEMES = new Set(['devtools:', 'chrome-devtools:']);

/** Whether the renderer may load this URL at all (scripts, images, fetch, websockets). */
export function isAllowedRendererRequest(url: string, trusted: readonly string[]): boolean {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return false;
  }
  if (INLINE_SCHEMES.has(protocol) || DEVTOOLS_SCHEMES.has(protocol)) return true;
  if (isTrustedOrigin(url, trusted)) return true;
  // The dev server's HMR websocket lives on the same host and port as the trusted http origin.
  if (protocol === 'ws:' || protocol === 'wss:') return isTrustedOrigin(url.replace(/^ws/, 'http'), trusted);
  return false;
}
