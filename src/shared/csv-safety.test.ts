import { describe, expect, it } from 'vitest';
import { booleanCell, csvCell, listCell, looksLikeFormula, neutraliseText, numberCell, textCell } from './csv-safety';

describe('csv-safety', () => {
  it.each(['=SUM(A1:A9)', '+1+1', '-2+3', '@cmd', '\tfoo', '\rbar', '=HYPERLINK("http://x","y")'])('neutralises %j', (text) => {
    expect(looksLikeFormula(text)).toBe(true);
    expect(neutraliseText(text)).toBe(`'${text}`);
    expect(textCell(text)).toBe(`'${text}`);
  });

  it.each(['Acme Corp', ' =not at start', 'a=b', "'already quoted", '', '1-2'])('leaves %j alone', (text) => {
    expect(neutraliseText(text)).toBe(text);
  });

  it('keeps plain numbers numeric in a number column, negatives included', () => {
    expect(numberCell(-12)).toBe('-12');
    expect(numberCell(3.5)).toBe('3.5');
    expect(numberCell('-7')).toBe('-7');
    expect(numberCell(0)).toBe('0');
    expect(numberCell(null)).toBe('');
    expect(numberCell(Number.NaN)).toBe('');
  });

  it('neutralises formula text even in a number column', () => {
    expect(numberCell('-1+cmd|calc')).toBe("'-1+cmd|calc");
    expect(numberCell('=1')).toBe("'=1");
  });

  it('but a negative number in a TEXT column is neutralised', () => {
    expect(csvCell('text', '-12')).toBe("'-12");
    expect(csvCell('number', '-12')).toBe('-12');
  });

  it('joins arrays with ; and neutralises the joined text', () => {
    expect(listCell([3, 7, 13])).toBe('3;7;13');
    expect(listCell(['VM0007', 'VM0015'])).toBe('VM0007;VM0015');
    expect(listCell([])).toBe('');
    expect(listCell(null)).toBe('');
    expect(listCell(['=evil', 'ok'])).toBe("'=evil;ok");
    expect(listCell(['1.0', null, '2.0'])).toBe('1.0;2.0');
  });

  it('writes booleans as true/false, SQLite 0/1 included', () => {
    expect(booleanCell(true)).toBe('true');
    expect(booleanCell(0)).toBe('false');
    expect(booleanCell(1)).toBe('true');
    expect(booleanCell(null)).toBe('');
  });

  it('writes objects as JSON', () => {
    expect(csvCell('json', { 2020: 1.5 })).toBe('{"2020":1.5}');
    expect(csvCell('json', '{"a":1}')).toBe('{"a":1}');
  });
});
