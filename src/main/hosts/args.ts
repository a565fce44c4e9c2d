import path from 'node:path';
/** Minimal flag reading shared by the web host and the CLI (`--name value` / `--name=value`). */
import { parseArgs } from 'node:util';

export function readFlags<const T extends Record<string, { type: 'string' | 'boolean' }>>(argv: string[], options: T) {
  return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
}

/**
 * A path the user typed, resolved against the folder they typed it in: `npm run` moves the working
 * directory to the project's root and leaves the user's own in INIT_CWD.
 */
export function userPath(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}
