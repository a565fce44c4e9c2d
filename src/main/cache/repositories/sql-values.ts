/** How API values become SQLite values: booleans 0/1, arrays and objects JSON text, absent null. */
export const flag = (v: boolean | null | undefined): number | null => (v === null || v === undefined ? null : v ? 1 : 0);
export const json = (v: unknown, fallback: '[]' | '{}' = '[]'): string => (v === null || v === undefined ? fallback : JSON.stringify(v));
/** An item's fields kept aside (item-intake.ts) as JSON text; null when there are none. */
export const extraJson = (v: unknown): string | null =>
  v !== null && typeof v === 'object' && Object.keys(v).length > 0 ? JSON.stringify(v) : null;
export const nowIso = (): string => new Date().toISOString();
