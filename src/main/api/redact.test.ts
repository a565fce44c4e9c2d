import { describe, expect, it } from 'vitest';
import { redactKey } from './redact';

const KEY = 'ccmd_live_Zx81SecretPart0042';

describe('redactKey', () => {
  it('removes the whole key, its URL-encoded form and its secret part in any case', () => {
    expect(redactKey(`key ${KEY} used`, KEY)).toBe('key [redacted] used');
    expect(redactKey('next_page http://zx81secretpart0042.evil.example/v1/credits/', KEY)).toBe('next_page http://[redacted].evil.example/v1/credits/');
    expect(redactKey('item id Zx81SecretPart0042-7', KEY)).toBe('item id [redacted]-7');
    expect(redactKey(`q=${encodeURIComponent('ccmd_live_a+b/c=secretvalue')}`, 'ccmd_live_a+b/c=secretvalue')).toBe('q=[redacted]');
  });

  it('keeps the public prefix, which is shown in key listings', () => {
    expect(redactKey('key ccmd_live_ listed', KEY)).toBe('key ccmd_live_ listed');
  });

  it('does nothing without a key', () => {
    expect(redactKey('text', null)).toBe('text');
  });
});
