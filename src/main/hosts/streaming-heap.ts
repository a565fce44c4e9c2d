/**
 * The JavaScript heap of a process that syncs: called once by each host (CLI, web, Electron) before
 * its work starts.
 *
 * V8 pretenures an allocation site once most of what it allocated outlived a young collection:
 * what the site allocates from then on goes straight to the old generation, which only a full
 * collection empties. A sync parses a stream of pages and items, each alive for a few tens of
 * milliseconds while its requests are in flight; their sites were pretenured, so the garbage of the
 * offline mirror's last thousand items piled up in the old generation until the next full collection,
 * and that garbage set the sync's peak RSS. Without pretenuring it is collected young, in the same
 * time (docs/decisions/011-no-allocation-site-pretenuring.md).
 *
 * The flag is read by V8 whenever it decides, so setting it once the process runs takes effect for
 * everything after; it is process-wide (the cache's worker threads share it). In Electron's main
 * process this is the call Electron's own startup makes for the `v8Flags` field of an app's
 * package.json (its browser `init`), so Electron keeps V8's flags open to it there.
 */
import v8 from 'node:v8';

/** The V8 flags set: read by V8 whenever it decides, they take effect when set at run time. */
export const STREAMING_HEAP_FLAGS = '--no-allocation-site-pretenuring';

export function useStreamingHeap(): void {
  v8.setFlagsFromString(STREAMING_HEAP_FLAGS);
}
