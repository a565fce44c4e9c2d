/**
 * Session-wide rules: every permission request and check refused but the app's own clipboard writes
 * (navigation-policy.ts), every renderer request outside
 * the app's origin cancelled (no remote content), and the CSP header on every response the
 * window receives (the app protocol sets it too; this covers the dev server).
 */
import type { Session } from 'electron';
import { securityHeaders } from '../../security/content-security-policy';
import { decidePermission, isAllowedRendererRequest } from '../../security/navigation-policy';

export function hardenSession(session: Session, trusted: readonly string[], devServerOrigin: string | null): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(decidePermission(permission, details.requestingUrl || contents.getURL(), trusted)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => decidePermission(permission, requestingOrigin, trusted));
  session.setDevicePermissionHandler(() => false);
  session.setDisplayMediaRequestHandler((_request, callback) => callback({}));
  session.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !isAllowedRendererRequest(details.url, trusted) });
  });
  const headers = securityHeaders({ delivery: 'header', devServerOrigin });
  session.webRequest.onHeadersReceived((details, callback) => {
    const responseHeaders = { ...(details.responseHeaders ?? {}) };
    for (const name of Object.keys(responseHeaders)) {
      if (name.toLowerCase() === 'content-security-policy') delete responseHeaders[name];
    }
    for (const [name, value] of Object.entries(headers)) responseHeaders[name] = [value];
    callback({ responseHeaders });
  });
}
