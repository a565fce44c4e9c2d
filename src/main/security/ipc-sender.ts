/**
 * IPC sender check: a contract method runs only for a message sent by the top frame of one of the
 * app's own windows, showing a page of the app's own origin. Frames inside the page (an iframe a
 * future bug might allow), other origins and destroyed frames are refused.
 */
import { isTrustedOrigin } from './app-origin';

export interface SenderFrame {
  readonly url: string;
  readonly parent: unknown;
}

export function isTrustedSender(frame: SenderFrame | null | undefined, trusted: readonly string[]): boolean {
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return isTrustedOrigin(frame.url, trusted);
}
