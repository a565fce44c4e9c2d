/**
 * External links leave the app only as http(s) URLs and only through the OS browser
 * (`shell.openExternal`); anything else (javascript:, file:, custom schemes, smb:) is dropped.
 */
import { safeHref } from '../../shared/safe-url';

export interface ExternalOpener {
  openExternal(url: string): Promise<void>;
}

/** Opens the URL in the OS browser when it is a safe http(s) link; answers whether it did. */
export function openExternalLink(url: string, opener: ExternalOpener): boolean {
  const href = safeHref(url);
  if (href === null) return false;
  opener.openExternal(href).catch(() => {
    // the OS had no handler: nothing to do, and nothing to leak
  });
  return true;
}
