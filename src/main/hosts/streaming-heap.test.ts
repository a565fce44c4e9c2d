import { execFileSync } from 'node:child_process';
import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STREAMING_HEAP_FLAGS, useStreamingHeap } from './streaming-heap';

/**
 * What useStreamingHeap decides, not what V8 then does with it: how far an old generation grows
 * depends on V8's heuristics and the machine, and belongs to a benchmark (bench/sync prints the
 * sync's peak memory), never to a test.
 */
afterEach(() => void vi.restoreAllMocks());

const flags = STREAMING_HEAP_FLAGS.split(/\s+/).filter(Boolean);

describe('useStreamingHeap', () => {
  it("turns V8's allocation-site pretenuring off, in one call to V8", () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    useStreamingHeap();
    expect(set.mock.calls).toEqual([[STREAMING_HEAP_FLAGS]]);
    expect(flags).toContain('--no-allocation-site-pretenuring');
  });

  it('names only boolean flags this V8 knows (V8 skips a flag it does not know, with a line on stderr)', () => {
    const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    for (const flag of flags) {
      const name = flag.replace(/^--(no-)?/, '');
      expect(options, flag).toMatch(new RegExp(`^\\s*--${name} \\(.*\\)\\n\\s*type: bool\\b`, 'm'));
    }
  });
});
