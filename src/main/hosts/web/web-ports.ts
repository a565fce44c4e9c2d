/** The web host's ports: the demo service as a Node child, exports downloaded by the browser, no notifications. */
import { nodeServiceLauncher } from '../../connections/node-service-launcher';
import { downloadExportTarget } from '../../export/export-downloads';
import type { HostPorts } from '../../host-ports';
import { noNotifier } from '../../notifier';

export function webHostPorts(dataDir: string): HostPorts {
  return {
    kind: 'web',
    serviceLauncher: nodeServiceLauncher,
    exportTarget: downloadExportTarget(dataDir),
    notifier: noNotifier,
  };
}
