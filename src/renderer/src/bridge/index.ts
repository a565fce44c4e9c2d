/** `carbon`: the preload's window.carbon in Electron, otherwise the HTTP bridge. Same type. */
import { type CarbonApi, METHOD_NAMES, splitMethod } from '../../../shared/contract';
import { reviveContractError } from '../../../shared/ipc-channels';
import { createHttpBridge, readSessionToken } from './http-bridge';

declare global {
  interface Window {
    carbon?: CarbonApi;
  }
}

/**
 * contextBridge keeps only an Error's message, so the preload rejects with a plain error body:
 * wrap each method so a rejection is a ContractError with its code, as over HTTP.
 */
function withContractErrors(preload: CarbonApi): CarbonApi {
  const api: Record<string, unknown> = { on: preload.on.bind(preload) };
  for (const name of METHOD_NAMES) {
    const [ns, member] = splitMethod(name);
    const fn = (preload as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>)[ns]![member]!;
    const group = (api[ns] ??= {}) as Record<string, unknown>;
    group[member] = (input: unknown) => fn(input).catch((reason: unknown) => Promise.reject(reviveContractError(reason)));
  }
  return api as CarbonApi;
}

export const carbon: CarbonApi = window.carbon ? withContractErrors(window.carbon) : createHttpBridge(readSessionToken());
export const isElectron = window.carbon !== undefined;
