/** Minimal flag reading shared by the web host and the CLI (`--name value` / `--name=value`). */
import { parseArgs } from 'node:util';

export function readFlags<const T extends Record<string, { type: 'string' | 'boolean' }>>(argv: string[], options: T) {
  return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
}
