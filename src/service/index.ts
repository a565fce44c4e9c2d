/**
 * CLI entry: `npm run service -- [flags]`. Prints ONE JSON line on stdout when ready:
 * {"event":"ready","baseUrl":"http://127.0.0.1:PORT","apiRoot":"/v1","today":"YYYY-MM-DD","baseDay":"YYYY-MM-DD","advancedDays":N,
 *  "keys":{"pro","enterprise","free","expired","revoked"}}
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
  // Signal handlers go in before anything is announced: a SIGTERM sent the moment the ready line
  // is read (or while the market is still being generated) must still close the database cleanly.
  let service: Awaited<ReturnType<typeof startService>> | null = null;
  let stopSignal: string | null = null;
  const shutdown = (signal: string) => {
    if (stopSignal) return;
    stopSignal = signal;
    process.stderr.write(`${signal}: stopping\n`);
    if (service) stopAndExit(service);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  service = await startService(options);
  if (stopSignal) return stopAndExit(service);
  process.stderr.write(service.generated
    ? `generated ${service.size.projects} projects and ${service.size.credits} credit transactions in ${service.generationMs} ms (${service.dbPath})\n`
    : `reused the market in ${service.dbPath}\n`);
  if (service.advanceMs || service.advancedDays) process.stderr.write(`market advanced ${service.advancedDays} days past ${service.baseDay} (today ${service.today}; ${service.advanceMs} ms this start)\n`);
  process.stdout.write(`${JSON.stringify({
    event: 'ready', baseUrl: service.baseUrl, apiRoot: service.apiRoot, today: service.today, baseDay: service.baseDay, advancedDays: service.advancedDays, keys: service.keys,
  })}\n`);
}

function stopAndExit(service: { stop(): Promise<void> }): void {
  service.stop().then(() => process.exit(0), (error: unknown) => {
    process.stderr.write(`stop failed: ${String(error)}\n`);
    process.exit(1);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`service failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
