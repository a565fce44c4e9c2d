/**
 * What differs between the hosts that serve the back end (the Electron app, the loopback web host,
 * the CLI), as one interface each host implements once and hands to `createAppContext`. Nothing in
 * the back end branches on which host it runs in: it asks these ports.
 */
import type { ServiceLauncher } from './connections/service-launcher';
import type { ExportTarget } from './export/export-target';
import type { UpdateCheck } from '../shared/contract';
import type { Notifier } from './notifier';

/** The desktop app's updates (electron-updater); hosts without one leave it out. */
export interface AppUpdater {
  check(): Promise<UpdateCheck>;
}

export type HostKind = 'electron' | 'web' | 'cli';

export interface HostPorts {
  /** Reported by `app.info`; never used to choose behaviour. */
  readonly kind: HostKind;
  /** How the built-in demo service is started: a Node child process, or an Electron utility process. */
  readonly serviceLauncher: ServiceLauncher;
  /** Where exports go: a save dialog, a browser download, or the data folder. */
  readonly exportTarget: ExportTarget;
  /** Desktop notifications (none outside Electron). */
  readonly notifier: Notifier;
  /** Updates of the app itself (the Electron host built with a feed; absent elsewhere). */
  readonly updater?: AppUpdater;
}
