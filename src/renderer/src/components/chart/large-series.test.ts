import { describe, expect, it } from 'vitest';
import { prepareLargeSeries } from './large-series';

const points = (n: number) => Array.from({ length: n }, (_, i) => [i, i * 2]);

describe('prepareLargeSeries', () => {
  it('samples big line series and puts big bars in large mode', () => {
    const out = prepareLargeSeries({ series: [{ type: 'line', data: points(5000) }, { type: 'bar', data: points(5000) }] }, 1000);
    const [line, bar] = out.series as Array<Record<string, unknown>>;
    expect(line).toMatchObject({ sampling: 'lttb', showSymbol: false });
    expect(bar).toMatchObject({ large: true, largeThreshold: 1000 });
  });
  it('leaves small series as they are (same object)', () => {
    const option = { series: [{ type: 'line', data: points(10) }] };
    expect(prepareLargeSeries(option, 1000)).toBe(option);
  });
  it('counts dataset rows when a series has no data of its own', () => {
    const out = prepareLargeSeries({ dataset: { source: points(3000) }, series: { type: 'line' } }, 1000);
    expect(out.series).toMatchObject({ sampling: 'lttb' });
  });
  it('keeps what the caller set explicitly', () => {
    const out = prepareLargeSeries({ series: [{ type: 'line', sampling: 'average', data: points(3000) }] }, 1000);
    expect((out.series as Array<Record<string, unknown>>)[0]!.sampling).toBe('average');
  });
});
