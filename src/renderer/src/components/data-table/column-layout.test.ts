import { describe, expect, it } from 'vitest';
import { EMPTY_LAYOUT, MIN_COLUMN_PX, applyLayout, dropColumn, moveColumn, orderedIds, parseLayout, resizeColumn, toggleColumn } from './column-layout';

const columns = ['id', 'name', 'issued', 'retired', 'country'].map((id) => ({ id, width: id === 'name' ? 'minmax(220px, 2fr)' : '100px' }));
const ids = columns.map((c) => c.id);

describe('column layout', () => {
  it('keeps the build\'s order until the user moves a column, and moves it by places or onto another header', () => {
    expect(orderedIds(ids, EMPTY_LAYOUT)).toEqual(ids);
    const moved = moveColumn(EMPTY_LAYOUT, ids, 'country', -3);
    expect(orderedIds(ids, moved)).toEqual(['id', 'country', 'name', 'issued', 'retired']);
    expect(orderedIds(ids, moveColumn(moved, ids, 'id', -1))).toEqual(orderedIds(ids, moved));
    expect(orderedIds(ids, dropColumn(EMPTY_LAYOUT, ids, 'id', 'retired'))).toEqual(['name', 'issued', 'retired', 'id', 'country']);
  });

  it('forgets columns the build no longer has and puts new ones after their neighbour in the build', () => {
    const layout = { ...EMPTY_LAYOUT, order: ['country', 'gone', 'id', 'name', 'retired'] };
    // 'issued' is new to this layout: it follows 'name', as in the build
    expect(orderedIds(ids, layout)).toEqual(['country', 'id', 'name', 'issued', 'retired']);
  });

  it('hides and shows columns but never the last one, and draws resized widths in pixels', () => {
    let layout = toggleColumn(EMPTY_LAYOUT, columns, 'issued');
    expect(applyLayout(columns, layout).map((c) => c.id)).toEqual(['id', 'name', 'retired', 'country']);
    layout = toggleColumn(layout, columns, 'issued');
    expect(applyLayout(columns, layout).map((c) => c.id)).toEqual(ids);
    for (const id of ids) layout = toggleColumn(layout, columns, id);
    expect(applyLayout(columns, layout).map((c) => c.id)).toEqual(['country']);
    layout = resizeColumn(EMPTY_LAYOUT, 'name', 340.6);
    expect(applyLayout(columns, layout).find((c) => c.id === 'name')!.width).toBe('341px');
    expect(resizeColumn(layout, 'id', 3).widths.id).toBe(MIN_COLUMN_PX);
    expect(applyLayout(columns, resizeColumn(layout, 'name', null)).find((c) => c.id === 'name')!.width).toBe('minmax(220px, 2fr)');
  });

  it('leaves out by default the columns that ask for a wider table; the user\'s choice holds at every width', () => {
    const wide = columns.map((c) => (c.id === 'country' ? { ...c, fromWidth: 1000 } : c));
    const drawn = (layout: typeof EMPTY_LAYOUT, width: number | null) => applyLayout(wide, layout, width).map((c) => c.id);
    expect(drawn(EMPTY_LAYOUT, 999)).toEqual(['id', 'name', 'issued', 'retired']);
    expect(drawn(EMPTY_LAYOUT, 1000)).toEqual(ids);
    // not measured yet: every column (the table decides once it knows its width)
    expect(drawn(EMPTY_LAYOUT, null)).toEqual(ids);
    const added = toggleColumn(EMPTY_LAYOUT, wide, 'country', 800);
    expect(added.shown).toEqual(['country']);
    expect(drawn(added, 800)).toEqual(ids);
    const removed = toggleColumn(added, wide, 'country', 1200);
    expect(drawn(removed, 1200)).toEqual(['id', 'name', 'issued', 'retired']);
    expect(removed.shown).toEqual([]);
    expect(parseLayout(JSON.stringify(added))).toEqual(added);
  });

  it('reads what it stored, and nothing from what it cannot read', () => {
    const layout = resizeColumn(moveColumn(toggleColumn(EMPTY_LAYOUT, columns, 'retired'), ids, 'name', 1), 'id', 90);
    expect(parseLayout(JSON.stringify(layout))).toEqual(layout);
    expect(parseLayout(null)).toEqual(EMPTY_LAYOUT);
    expect(parseLayout('{not json')).toEqual(EMPTY_LAYOUT);
    expect(parseLayout('{"order":"id","hidden":[1],"widths":{"id":"wide","name":-4,"issued":120}}')).toEqual({ order: [], hidden: [], shown: [], widths: { issued: 120 } });
  });
});
