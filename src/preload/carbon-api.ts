/**
 * Builds `window.carbon`: one function per contract method, nested as `carbon.<ns>.<method>`,
 * each invoking the IPC channel of exactly that method, plus `on(event, listener)` for the
 * contract's events. There is deliberately no generic `invoke(channel)`: the renderer can reach
 * the contract's methods and nothing else.
 */
import { EVENT_NAMES, METHOD_NAMES, splitMethod, type CarbonApi, type EventName } from '../shared/contract';
import { eventChannel, isContractErrorBody, type IpcEnvelope } from '../shared/ipc-channels';

/** The part of Electron's ipcRenderer the bridge uses. */
export interface IpcRendererPort {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

type AnyMethod = (input?: unknown) => Promise<unknown>;

export function buildCarbonApi(ipc: IpcRendererPort): CarbonApi {
  const api: Record<string, Record<string, AnyMethod> | CarbonApi['on']> = {};
  for (const name of METHOD_NAMES) {
    const [namespace, member] = splitMethod(name);
    const group = (api[namespace] ??= {}) as Record<string, AnyMethod>;
    group[member] = async (input?: unknown) => unwrap(await ipc.invoke(name, input ?? {}));
  }
  for (const group of Object.values(api)) Object.freeze(group);

  const on: CarbonApi['on'] = (event, listener) => {
    if (!EVENT_NAMES.includes(event as EventName)) throw new TypeError(`Unknown event '${String(event)}'`);
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    const channel = eventChannel(event);
    const forward = (_event: unknown, payload: unknown) => (listener as (p: unknown) => void)(payload);
    ipc.on(channel, forward);
    return () => {
      ipc.removeListener(channel, forward);
    };
  };
  api.on = on;
  return Object.freeze(api) as unknown as CarbonApi;
}

function unwrap(answer: unknown): unknown {
  const envelope = answer as IpcEnvelope<unknown> | null;
  if (envelope && envelope.ok === true) return envelope.value;
  if (envelope && envelope.ok === false && isContractErrorBody(envelope.error)) {
    // A plain object survives contextBridge with every field; an Error would keep only its message.
    throw { ...envelope.error, name: 'ContractError' };
  }
  throw { code: 'internal_error', message: 'The app answered in an unexpected shape', name: 'ContractError' };
}
