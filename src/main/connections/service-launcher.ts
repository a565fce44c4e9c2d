/**
 * The seam between the demo connection (which speaks the reference service's ready protocol) and the
 * host's way of running the service: a Node child process (web host, CLI, tests, bench) or an
 * Electron utility process (the desktop app, whose binary is not a Node: RunAsNode is fused off).
 * Nothing here imports Electron.
 */

/** How a service process ended: an exit code or a signal, or an error when it could not start. */
export interface ServiceExit {
  code: number | null;
  signal: string | null;
  error?: string;
}

export interface ServiceProcess {
  readonly stdout: NodeJS.ReadableStream;
  readonly stderr: NodeJS.ReadableStream;
  /** How the process ended; null while it runs. */
  readonly exited: ServiceExit | null;
  /** Calls `listener` once when the process has ended (at once when it already has). */
  onExit(listener: (exit: ServiceExit) => void): void;
  /** Asks the process to stop (SIGTERM: the service closes its database cleanly). */
  terminate(): void;
  /** Ends the process now (SIGKILL). */
  kill(): void;
}

export interface ServiceLauncher {
  /** Starts the service entry file with its command-line arguments. */
  start(entry: string, args: string[]): ServiceProcess;
}

/** The exit bookkeeping every launcher shares: settled once, listeners called once. */
export class ExitLatch {
  private exit: ServiceExit | null = null;
  private readonly listeners: Array<(exit: ServiceExit) => void> = [];

  get exited(): ServiceExit | null {
    return this.exit;
  }

  onExit(listener: (exit: ServiceExit) => void): void {
    if (this.exit) listener(this.exit);
    else this.listeners.push(listener);
  }

  settle(exit: ServiceExit): void {
    if (this.exit) return;
    this.exit = exit;
    for (const listener of this.listeners.splice(0)) listener(exit);
  }
}
