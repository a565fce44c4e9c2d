/**
 * What a long-running host (web, Electron) starts once its context exists: background work of the
 * back end, i.e. the probe of the selected connection (so its state follows the service while
 * nothing else asks it), and the built-in demo service and its first sync when the demo connection
 * is selected. The CLI does not call it.
 */
import type { AppContext } from '../app-context';

export async function startBackgroundWork(ctx: AppContext): Promise<void> {
  ctx.watch.start();
  await ctx.syncs.startDemoSync();
}
