import { describe, expect, it } from 'vitest';
import type { CacheWrite } from '../cache/cache-protocol';
import { itemsInOrder, type JobRun, MAX_ITEMS_PER_STEP, type Step } from './job-run';

/** What itemsInOrder uses of a run: requests counted, a gate that never holds. */
const runOf = (concurrency: number) => {
  const asked: number[] = [];
  const run = { concurrency, gate: async () => undefined, request: () => void asked.push(asked.length) } as unknown as JobRun;
  return { run, asked };
};

const itemStep = (i: number): Step => ({ writes: [{ op: 'write:boundary', args: { projectId: `P${i}`, boundary: null } } as CacheWrite], rows: 1 });
const idsOf = (s: Step) => s.writes.map((w) => (w.args as { projectId: string }).projectId);

/** A fetch whose answers come in when the test says. */
const heldAnswers = () => {
  const held = new Map<number, { resolve(s: Step): void; reject(e: unknown): void }>();
  const fetchItem = (i: number) => new Promise<Step>((resolve, reject) => held.set(i, { resolve, reject }));
  return { held, fetchItem };
};
const tick = () => new Promise((r) => setImmediate(r));

describe('itemsInOrder', () => {
  it('writes every answer in order that has come in by then in one step, the cursor past the last of them', async () => {
    const { run } = runOf(4);
    const { held, fetchItem } = heldAnswers();
    const steps: Array<{ ids: string[]; next: number; pages: number }> = [];
    let release!: () => void;
    const done = itemsInOrder(run, { from: 0, to: 10 }, fetchItem, async (s, next) => {
      steps.push({ ids: idsOf(s), next, pages: s.pages ?? 1 });
      if (steps.length === 1) await new Promise<void>((r) => (release = r));
    });
    await tick();
    // Twice `concurrency` asked ahead of the writer.
    expect([...held.keys()]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Out of order: 2 and 1 come before 0; 3 is late.
    held.get(2)!.resolve(itemStep(2));
    held.get(1)!.resolve(itemStep(1));
    await tick();
    expect(steps).toEqual([]);
    held.get(0)!.resolve(itemStep(0));
    await tick();
    expect(steps).toEqual([{ ids: ['P0', 'P1', 'P2'], next: 3, pages: 3 }]);
    // While that step is written, more answers come in, and the requests go on.
    for (const i of [3, 4, 5]) held.get(i)!.resolve(itemStep(i));
    await tick();
    release();
    await tick();
    expect(steps[1]).toEqual({ ids: ['P3', 'P4', 'P5'], next: 6, pages: 3 });
    expect([...held.keys()]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const i of [6, 7, 8, 9]) held.get(i)!.resolve(itemStep(i));
    await done;
    expect(steps.flatMap((s) => s.ids)).toEqual(Array.from({ length: 10 }, (_, i) => `P${i}`));
    expect(steps.at(-1)!.next).toBe(10);
  });

  it('starts from a resumed index, and holds a step to MAX_ITEMS_PER_STEP items', async () => {
    const { run, asked } = runOf(400);
    const steps: Array<{ first: string; pages: number; next: number }> = [];
    const to = 5 + MAX_ITEMS_PER_STEP + 10;
    await itemsInOrder(run, { from: 5, to }, async (i) => itemStep(i), async (s, next) => {
      steps.push({ first: idsOf(s)[0]!, pages: s.pages!, next });
    });
    expect(asked.length).toBe(to - 5);
    expect(steps[0]!.first).toBe('P5');
    expect(Math.max(...steps.map((s) => s.pages))).toBe(MAX_ITEMS_PER_STEP);
    expect(steps.reduce((n, s) => n + s.pages, 0)).toBe(to - 5);
    expect(steps.at(-1)!.next).toBe(to);
  });

  it('gives a failed item to `trouble` in a step of its own start, after the items before it are written', async () => {
    const { run } = runOf(4);
    const { held, fetchItem } = heldAnswers();
    const written: string[][] = [];
    const troubles: number[] = [];
    const done = itemsInOrder(run, { from: 0, to: 6 }, fetchItem, async (s) => void written.push([...idsOf(s), ...(s.skipped ?? []).map((x) => `skipped ${x.ref}`)]), (err, i) => {
      troubles.push(i);
      if (i === 4) throw err;
      return { writes: [], rows: 0, skipped: [{ page: null, position: i, ref: `P${i}`, field: '(item)', reason: String(err), excerpt: '' }] };
    });
    await tick();
    held.get(0)!.resolve(itemStep(0));
    held.get(1)!.reject(new Error('malformed'));
    held.get(2)!.resolve(itemStep(2));
    held.get(3)!.resolve(itemStep(3));
    held.get(4)!.reject(new Error('refused key'));
    held.get(5)!.resolve(itemStep(5));
    await expect(done).rejects.toThrow('refused key');
    // 0 alone (1 had failed); 1 recorded as skipped with 2 and 3; 4 stops the job; 5 is never written.
    expect(written).toEqual([['P0'], ['P2', 'P3', 'skipped P1']]);
    expect(troubles).toEqual([1, 4]);
  });
});
