import { describe, expect, it } from 'vitest';
import type { HoldingRow } from '../../../../shared/contract';
import { csvField, holdingsCsv } from './holdings-csv';

const row = (over: Partial<HoldingRow>): HoldingRow => ({
  row: 3, project_id: 'ACR-1', project_ref: 'ACR-1', project_name: 'A', registry: 'acr', vintage: 2020, quantity: 1500.5,
  status: 'held', serial: null, note: null, flags: [], ...over,
});

describe('holdingsCsv', () => {
  it('quotes fields holding comma, quote, CR or LF and nothing else', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvField(null)).toBe('');
  });
  it('writes a BOM, a header and CRLF records', () => {
    const text = holdingsCsv([row({ note: 'two\nlines', flags: [{ rule: 'no_ccp_label', severity: 'low', message: 'No CCP, label', evidence: {}, source: 'projects' }] })]);
    expect(text.startsWith('\uFEFFrow,project_id,')).toBe(true);
    const records = text.slice(1).split('\r\n');
    expect(records).toHaveLength(3);
    expect(records[1]).toBe('3,ACR-1,A,acr,2020,1500.5,held,,"two\nlines",no_ccp_label,"No CCP, label"');
    expect(records[2]).toBe('');
  });
});
