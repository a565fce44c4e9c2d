/** CLI subcommands beside `call`: each module adds one entry here (sync, export, screen). */
import { exportSubcommand } from './export-command';
import { screenSubcommand } from './screen-command';
import { runSyncCommand, SYNC_USAGE } from './sync-command';

export interface Subcommand {
  usage: string;
  run(argv: string[]): Promise<number>;
}

export const subcommands: Record<string, Subcommand> = {
  sync: { usage: SYNC_USAGE, run: runSyncCommand },
  export: exportSubcommand,
  screen: screenSubcommand,
};
