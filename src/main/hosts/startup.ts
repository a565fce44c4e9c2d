/**
 * What a long-running host (web, Electron) starts once its context exists: background work of the
 * back end such as the built-in demo service and its first sync. The CLI does not call it.
 */
import type { AppContext } from '../app-context';

export async function startBackgroundWork(_ctx: AppContext): Promise<void> {
  // The demo connection's service and sync are started here (issue 4).
}
