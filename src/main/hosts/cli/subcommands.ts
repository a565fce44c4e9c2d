/** CLI subcommands beside `call`: each module adds one entry here (sync, export). */
export interface Subcommand {
  usage: string;
  run(argv: string[]): Promise<number>;
}

export const subcommands: Record<string, Subcommand> = {};
