/**
 * Starts the reference service in an Electron utility process (`utilityProcess.fork`): a Node
 * environment run by the Electron binary itself, which needs no RunAsNode (fused off in the packaged
 * app, see electron-builder.yml) and no Node on the user's machine.
 *
 * Packaged layout: the entry is `<resources>/app.asar/out/main/reference-service.js`. A utility process
 * gets Electron's asar support like the main process (Electron's Node runs its asar initialisation for
 * every process it boots), so the bundle is read from inside the archive and its `require('zod')`,
 * `require('better-sqlite3')`, ... walk up to `app.asar/node_modules`; better-sqlite3's `.node` is
 * listed in `asarUnpack`, and Electron's asar-aware `process.dlopen` loads it from
 * `app.asar.unpacked/node_modules/...`. The binary was rebuilt for Electron's ABI by electron-builder
 * (`npmRebuild`), which is also the ABI of the utility process.
 */
import { utilityProcess } from 'electron';
import { ContractError } from '../../../shared/errors';
import { ExitLatch, type ServiceLauncher, type ServiceProcess } from '../../connections/service-launcher';

/** The name the process gets in `app.getAppMetrics()` and `child-process-gone` events. */
export const DEMO_SERVICE_NAME = 'Carbon Desk demo service';

export const utilityServiceLauncher: ServiceLauncher = {
  start(entry: string, args: string[]): ServiceProcess {
    // A utility process runs JavaScript only: the TypeScript sources need the Node launcher (tsx).
    if (!/\.[cm]?js$/.test(entry)) throw new ContractError('demo_unavailable', `The built-in demo service is not built (${entry}): run electron-vite build`);
    const child = utilityProcess.fork(entry, args, { stdio: 'pipe', serviceName: DEMO_SERVICE_NAME });
    // Taken now: Electron sets child.stdout/stderr to null once the process has exited.
    const { stdout, stderr } = child;
    if (!stdout || !stderr) throw new ContractError('demo_unavailable', 'The demo service process has no output pipes');
    const latch = new ExitLatch();
    // A utility process reports an exit code only; a kill shows as a non-zero code.
    child.once('exit', (code: number) => latch.settle({ code, signal: null }));
    return {
      stdout,
      stderr,
      get exited() {
        return latch.exited;
      },
      onExit: (listener) => latch.onExit(listener),
      // SIGTERM on POSIX (the service closes its database and exits 0), TerminateProcess on Windows.
      terminate: () => void child.kill(),
      kill: () => {
        // utilityProcess has no forced kill: signal the pid, which exists until the exit is reported.
        const pid = child.pid;
        if (pid === undefined || latch.exited) return;
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      },
    };
  },
};
