/**
 * Applied to EVERY WebContents the app creates (`app.on('web-contents-created')`):
 * navigation and redirects off the app origin are stopped, new windows are denied (safe http(s)
 * links go to the OS browser), `<webview>` is never attached.
 */
import type { WebContents } from 'electron';
import { openExternalLink, type ExternalOpener } from '../../security/external-link';
import { decideNavigation, decideRedirect, decideWindowOpen } from '../../security/navigation-policy';

export function guardWebContents(contents: WebContents, trusted: readonly string[], opener: ExternalOpener): void {
  contents.on('will-navigate', (event) => {
    const decision = decideNavigation(event.url, trusted);
    if (decision.allow) return;
    event.preventDefault();
    if (decision.openExternally) openExternalLink(decision.openExternally, opener);
  });
  contents.on('will-frame-navigate', (event) => {
    if (!decideNavigation(event.url, trusted).allow) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!decideRedirect(event.url, trusted)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.openExternally) openExternalLink(decision.openExternally, opener);
    return { action: 'deny' };
  });
}
