/** Command-line flags of `npm run service`. */
import { NEXT_PAGE_STYLES, type NextPageStyle } from './http/pagination';
import { parseResourceList } from './routes/resource-names';
import { normalizeApiRoot, type ServiceOptions } from './server';
import { VOCABULARIES, type VocabularyName } from './vocabulary';

export const USAGE = `Usage: npm run service -- [--port N] [--host H] [--scale X] [--seed N] [--db FILE] [--advance-days N]
  [--messy] [--without-harmonized-names] [--offer RESOURCE,…] [--api-root PATH] [--next-page-style ${NEXT_PAGE_STYLES.join('|')}] [--vocabulary ${VOCABULARIES.join('|')}]
  [--latency-ms N] [--error-rate R] [--burst-429 N] [--truncate-rate R] [--invalid-item-rate R]
  [--retry-after-seconds N] [--retry-after-date] [--plain-403] [--oversize-response-mb N[:RESOURCE,…]]
  [--rate-limit-pro N] [--rate-limit-enterprise N]`;

function oneOf<T extends string>(flag: string, raw: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(raw)) throw new Error(`${flag}: expected one of ${allowed.join(', ')}, got '${raw}'`);
  return raw as T;
}

export function parseArgs(argv: readonly string[]): ServiceOptions {
  const options: ServiceOptions = {};
  const faults: NonNullable<ServiceOptions['faults']> = {};
  const rateLimits: NonNullable<ServiceOptions['rateLimits']> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    /** A switch: present means true; `--flag=false` turns it off. */
    const toggle = (): boolean => {
      if (inline === undefined) return true;
      return oneOf(flag, inline, ['true', 'false']) === 'true';
    };
    const number = (min: number, max = Number.POSITIVE_INFINITY, integer = false, raw = value()): number => {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
        throw new Error(`${flag}: expected ${integer ? 'an integer' : 'a number'} in [${min}, ${max}], got '${raw}'`);
      }
      return n;
    };
    switch (flag) {
      case '--port': options.port = number(0, 65535, true); break;
      case '--host': options.host = value(); break;
      case '--scale': options.scale = number(0.0001, 100); break;
      case '--seed': options.seed = number(-(2 ** 31), 2 ** 31 - 1, true); break;
      case '--db': options.dbPath = value(); break;
      case '--advance-days': options.advanceDays = number(0, 3650, true); break;
      case '--messy': options.messy = toggle(); break;
      case '--without-harmonized-names': options.harmonizedNames = !toggle(); break;
      case '--offer': options.offer = parseResourceList(value()); break;
      case '--api-root': options.apiRoot = normalizeApiRoot(value()); break;
      case '--next-page-style': options.nextPageStyle = oneOf<NextPageStyle>(flag, value(), NEXT_PAGE_STYLES); break;
      case '--vocabulary': options.vocabulary = oneOf<VocabularyName>(flag, value(), VOCABULARIES); break;
      case '--latency-ms': faults.latencyMs = number(0, 600_000, true); break;
      case '--error-rate': faults.errorRate = number(0, 1); break;
      case '--burst-429': faults.burst429 = number(1, Number.MAX_SAFE_INTEGER, true); break;
      case '--truncate-rate': faults.truncateRate = number(0, 1); break;
      case '--invalid-item-rate': faults.invalidItemRate = number(0, 1); break;
      case '--retry-after-seconds': faults.retryAfterSeconds = number(0, 1e12, true); break;
      case '--retry-after-date': faults.retryAfterDate = toggle(); break;
      case '--plain-403': faults.plain403 = toggle(); break;
      case '--oversize-response-mb': {
        const [mb, resources] = value().split(':');
        faults.oversize = { megabytes: number(0.001, 4096, false, mb ?? ''), ...(resources ? { resources: parseResourceList(resources) } : {}) };
        break;
      }
      case '--rate-limit-pro': rateLimits.pro = number(1, 1_000_000, true); break;
      case '--rate-limit-enterprise': rateLimits.enterprise = number(1, 1_000_000, true); break;
      case '--help': case '-h': throw new Error(USAGE);
      default: throw new Error(`unknown flag '${arg}'\n${USAGE}`);
    }
  }
  if (faults.retryAfterDate && faults.retryAfterSeconds === undefined) throw new Error(`--retry-after-date needs --retry-after-seconds\n${USAGE}`);
  if (Object.keys(faults).length) options.faults = faults;
  if (Object.keys(rateLimits).length) options.rateLimits = rateLimits;
  return options;
}
