/** The CLI's host ports: the demo service as a Node child, exports into the data folder, no notifications. */
import path from 'node:path';
import { nodeServiceLauncher } from '../../connections/node-service-launcher';
import type { HostPorts } from '../../host-ports';
import { noNotifier } from '../../notifier';

export function cliHostPorts(dataDir: string): HostPorts {
  return {
    kind: 'cli',
    serviceLauncher: nodeServiceLauncher,
    exportTarget: {
      destinationOf: async (plan) => ({ target: path.join(dataDir, 'exports', plan.fileName), revealPath: true }),
    },
    notifier: noNotifier,
  };
}
