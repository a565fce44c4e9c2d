/** Command-line flags of `npm run service`. */
import type { ServiceOptions } from './server';

export const USAGE = `Usage: npm run service -- [--port N] [--host H] [--scale X] [--seed N] [--db FILE]
  [--latency-ms N] [--error-rate R] [--burst-429 N] [--truncate-rate R] [--invalid-item-rate R]
  [--rate-limit-pro N] [--rate-limit-enterprise N]`;

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
    const number = (min: number, max = Number.POSITIVE_INFINITY, integer = false): number => {
      const raw = value();
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
      case '--latency-ms': faults.latencyMs = number(0, 600_000, true); break;
      case '--error-rate': faults.errorRate = number(0, 1); break;
      case '--burst-429': faults.burst429 = number(1, Number.MAX_SAFE_INTEGER, true); break;
      case '--truncate-rate': faults.truncateRate = number(0, 1); break;
      case '--invalid-item-rate': faults.invalidItemRate = number(0, 1); break;
      case '--rate-limit-pro': rateLimits.pro = number(1, 1_000_000, true); break;
      case '--rate-limit-enterprise': rateLimits.enterprise = number(1, 1_000_000, true); break;
      case '--help': case '-h': throw new Error(USAGE);
      default: throw new Error(`unknown flag '${arg}'\n${USAGE}`);
    }
  }
  if (Object.keys(faults).length) options.faults = faults;
  if (Object.keys(rateLimits).length) options.rateLimits = rateLimits;
  return options;
}
