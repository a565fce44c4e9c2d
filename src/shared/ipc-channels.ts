/**
 * How the contract crosses Electron IPC (shared by the preload and the Electron host):
 * - a method is invoked on the channel named exactly like the method (`projects.list`);
 * - the main process answers an envelope, so an error keeps its code across the process boundary;
 * - events travel on `carbon-event:<event name>`.
 * contextBridge copies only the message of an Error, so the preload rejects with the plain
 * `ContractErrorBody`; `reviveContractError` turns such a rejection back into a ContractError.
 */
import type { ContractErrorBody, EventName } from './contract';
import { ContractError } from './errors';

export type IpcEnvelope<T> = { ok: true; value: T } | { ok: false; error: ContractErrorBody };

export const EVENT_CHANNEL_PREFIX = 'carbon-event:';
export const eventChannel = (event: EventName): string => `${EVENT_CHANNEL_PREFIX}${event}`;

export function isContractErrorBody(value: unknown): value is ContractErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ContractErrorBody).code === 'string' && typeof (value as ContractErrorBody).message === 'string';
}

/** A rejection from `window.carbon.*` as a ContractError (code kept), whatever crossed the bridge. */
export function reviveContractError(reason: unknown): ContractError {
  if (reason instanceof ContractError) return reason;
  if (isContractErrorBody(reason)) return ContractError.fromBody(reason);
  const message = reason instanceof Error ? reason.message : String(reason);
  return new ContractError('internal_error', message);
}
