import { describe, expect, it } from 'vitest';
import type { HoldingRow } from './contract';
import { screenedHoldingsCsv } from './screened-holdings-csv';
import { HOSTILE_STRINGS } from './testing/hostile-strings';
import { readStrictCsv } from './testing/strict-csv';
import { neutraliseText } from './csv-safety';

const row = (over: Partial<HoldingRow>): HoldingRow => ({
  row: 3, project_id: 'ACR-1', project_ref: 'ACR-1', project_name: 'A', registry: 'acr', vintage: 2020, quantity: 1500.5,
  status: 'held', serial: null, note: null, flags: [], ...over,
});
const flag = (rule: string, message: string) => ({ rule, severity: 'low' as const, message, evidence: {}, source: 'projects' });

describe('screenedHoldingsCsv', () => {
  it('writes a BOM, the header and one CRLF record per holding, its flags joined', () => {
    const text = screenedHoldingsCsv([
      row({ note: 'two\nlines', flags: [flag('no_ccp_label', 'No CCP, label'), flag('integrity_signal', 'Retired exceeds issued')] }),
      row({ row: 4, project_id: 'vcs 9', project_ref: null, project_name: null, registry: null, vintage: null }),
    ]);
    expect(text.startsWith('\uFEFFrow,project_id,matched_project,project_name,registry,vintage,quantity,status,serial,note,flags,findings\r\n')).toBe(true);
    expect(readStrictCsv(text).slice(1)).toEqual([
      ['3', 'ACR-1', 'ACR-1', 'A', 'acr', '2020', '1500.5', 'held', null, 'two\nlines', 'no_ccp_label;integrity_signal', 'No CCP, label | Retired exceeds issued'],
      ['4', 'vcs 9', null, null, null, null, '1500.5', 'held', null, null, null, null],
    ]);
  });

  it('keeps every hostile text a holdings file may carry on its own record, formulas neutralised', () => {
    const records = readStrictCsv(screenedHoldingsCsv(HOSTILE_STRINGS.map(([, text], i) => row({ row: i + 2, project_id: text, note: text })))).slice(1);
    expect(records).toHaveLength(HOSTILE_STRINGS.length);
    HOSTILE_STRINGS.forEach(([what, text], i) => {
      expect(records[i]![1], what).toBe(neutraliseText(text));
      expect(records[i]![9], what).toBe(neutraliseText(text));
    });
  });
});
