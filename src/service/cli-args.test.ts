import { describe, expect, it } from 'vitest';
import { parseArgs } from './cli-args';

describe('service flags', () => {
  it('parses every flag', () => {
    expect(parseArgs([
      '--port', '0', '--scale=0.01', '--seed', '3', '--db', 'x.sqlite', '--advance-days', '7', '--messy', '--offer', 'projects, credits', '--api-root', '/',
      '--next-page-style', 'prefixless', '--vocabulary', 'offsetsdb', '--burst-429', '5', '--retry-after-seconds', '9999999999', '--retry-after-date',
      '--plain-403', '--oversize-response-mb', '700:credits,projects', '--rate-limit-pro', '60000',
    ])).toEqual({
      port: 0, scale: 0.01, seed: 3, dbPath: 'x.sqlite', advanceDays: 7, messy: true, offer: ['projects', 'credits'], apiRoot: '', nextPageStyle: 'prefixless',
      vocabulary: 'offsetsdb', faults: { burst429: 5, retryAfterSeconds: 9_999_999_999, retryAfterDate: true, plain403: true, oversize: { megabytes: 700, resources: ['credits', 'projects'] } },
      rateLimits: { pro: 60000 },
    });
    expect(parseArgs(['--messy=false', '--api-root', 'api/v1/'])).toEqual({ messy: false, apiRoot: '/api/v1' });
    expect(parseArgs(['--oversize-response-mb', '2'])).toEqual({ faults: { oversize: { megabytes: 2 } } });
  });

  it('refuses what it cannot use, saying why', () => {
    expect(() => parseArgs(['--offer', 'projects,widgets'])).toThrow(/unknown resource 'widgets'/);
    expect(() => parseArgs(['--next-page-style', 'sideways'])).toThrow(/expected one of relative, absolute, prefixless, other-origin/);
    expect(() => parseArgs(['--vocabulary', 'odata'])).toThrow(/expected one of standard, offsetsdb/);
    expect(() => parseArgs(['--advance-days', '-1'])).toThrow(/--advance-days/);
    expect(() => parseArgs(['--api-root', '/v 1'])).toThrow(/invalid API root/);
    expect(() => parseArgs(['--retry-after-date'])).toThrow(/needs --retry-after-seconds/);
    expect(() => parseArgs(['--messy=maybe'])).toThrow(/--messy/);
  });
});
