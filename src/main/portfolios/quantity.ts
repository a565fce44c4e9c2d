/**
 * The one quantity rule of a holdings file. Spaces, no-break spaces, apostrophes and underscores are
 * thousands separators. With both `.` and `,` present, the one written last is the decimal mark. With
 * one of them only: written more than once, it separates thousands; written once and followed by
 * exactly three digits, it separates thousands (`1,000` and `1.000` are a thousand tonnes); otherwise
 * it is the decimal mark (`12,5` and `12.5` are twelve and a half). A number from a spreadsheet cell
 * is taken as it is. A quantity must be a positive finite number.
 */
export type QuantityReading = { ok: true; value: number } | { ok: false; reason: string };

export function readQuantity(raw: unknown): QuantityReading {
  if (typeof raw === 'number') return positive(raw, String(raw));
  if (raw === null || raw === undefined) return { ok: false, reason: 'no quantity' };
  const text = String(raw).trim();
  if (text === '') return { ok: false, reason: 'no quantity' };
  let s = text.replace(/[\s\u00a0\u202f'’_]/g, '');
  const dots = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  if (dots > 0 && commas > 0) {
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    if (s.split(decimal).length - 1 > 1) return { ok: false, reason: `quantity "${text}" is not a number` };
    s = s.split(thousands).join('').replace(decimal, '.');
  } else if (dots + commas > 0) {
    const mark = dots > 0 ? '.' : ',';
    const count = dots + commas;
    const afterLast = s.slice(s.lastIndexOf(mark) + 1);
    const groups = s.split(mark);
    const thousandsGroups = groups.slice(1).every((g) => /^\d{3}$/.test(g));
    if (count > 1) {
      if (!thousandsGroups) return { ok: false, reason: `quantity "${text}" is not a number` };
      s = groups.join('');
    } else s = /^\d{3}$/.test(afterLast) ? groups.join('') : groups.join('.');
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) return { ok: false, reason: `quantity "${text}" is not a number` };
  return positive(Number(s), text);
}

function positive(value: number, text: string): QuantityReading {
  if (!Number.isFinite(value)) return { ok: false, reason: `quantity "${text}" is not a number` };
  if (value <= 0) return { ok: false, reason: `quantity "${text}" is not positive` };
  return { ok: true, value };
}
