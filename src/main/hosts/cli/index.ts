/**
 * `npm run cli -- call <method> '<json input>' --data-dir DIR`: prints the method's JSON output.
 * A bad method, bad JSON or an input the contract rejects: one line on stderr, exit 2; a method
 * that fails: one line on stderr, exit 1. Subcommands `sync` and `export` come from their modules.
 */
import { contract, METHOD_NAMES } from '../../../shared/contract';
import { ContractError } from '../../../shared/errors';
import { createAppContext } from '../../app-context';
import { defaultDataDir } from '../../data-dir';
import { createNodeSecretStore } from '../../secrets/node-secret-store';
import { dispatch, isMethodName, toContractError } from '../../rpc';
import { readFlags, userPath } from '../args';
import { useStreamingHeap } from '../streaming-heap';
import { cliHostPorts } from './cli-ports';
import { subcommands } from './subcommands';

const USAGE = `usage:
  carbon-desk call <method> ['<json input>'] [--data-dir DIR]
  carbon-desk methods
${Object.values(subcommands).map((s) => `  ${s.usage}`).join('\n')}`;

export async function runCall(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { values, positionals } = readFlags(argv, { 'data-dir': { type: 'string' }, pretty: { type: 'boolean' } });
  const [name, json] = positionals;
  if (!name) throw new ContractError('invalid_input', 'call needs a method name; `methods` lists them');
  if (!isMethodName(name)) throw new ContractError('invalid_input', `Unknown method '${name}'; \`methods\` lists them`);
  let input: unknown = {};
  if (json !== undefined) {
    try {
      input = JSON.parse(json);
    } catch {
      throw new ContractError('invalid_input', `Input for ${name} is not valid JSON`);
    }
  }
  const dataDir = values['data-dir'] ? userPath(values['data-dir']) : defaultDataDir();
  const ctx = createAppContext({ dataDir, ports: cliHostPorts(dataDir), secrets: await createNodeSecretStore(dataDir) });
  try {
    const result = await dispatch(name, input, ctx);
    out.write(`${JSON.stringify(result ?? null, null, values.pretty ? 2 : undefined)}\n`);
    return 0;
  } finally {
    await ctx.dispose();
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'call') return await runCall(rest);
    if (command === 'methods') {
      for (const m of METHOD_NAMES) process.stdout.write(`${m.padEnd(36)} ${contract[m].summary}\n`);
      return 0;
    }
    const sub = command ? subcommands[command] : undefined;
    if (sub) return await sub.run(rest);
    process.stderr.write(`${USAGE}\n`);
    return 2;
  } catch (err) {
    const e = err instanceof ContractError ? err : toContractError(err);
    process.stderr.write(`error: ${e.code}: ${e.message.split('\n')[0]}\n`);
    return e.code === 'invalid_input' || /^(Unknown option|Option)/.test(e.message) ? 2 : 1;
  }
}

if (require.main === module) {
  useStreamingHeap();
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
