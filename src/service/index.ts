/**
 * CLI entry: `npm run service -- [flags]`. Prints ONE JSON line on stdout when ready:
 * {"event":"ready","baseUrl":"http://127.0.0.1:PORT","keys":{"pro","enterprise","free","expired","revoked"}}
 * Generation time and other diagnostics go to stderr. SIGTERM/SIGINT stop it cleanly.
 */
import { parseArgs } from './cli-args';
import { startService } from './server';

async function main(): Promise<void> {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const service = await startService(options);
  process.stderr.write(service.generationMs
    ? `generated ${service.size.projects} projects and ${service.size.credits} credit transactions in ${service.generationMs} ms (${service.dbPath})\n`
    : `reused the market in ${service.dbPath}\n`);
  process.stdout.write(`${JSON.stringify({ event: 'ready', baseUrl: service.baseUrl, keys: service.keys })}\n`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${signal}: stopping\n`);
    service.stop().then(() => process.exit(0), (error: unknown) => {
      process.stderr.write(`stop failed: ${String(error)}\n`);
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`service failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
