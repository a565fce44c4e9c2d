/**
 * `ipcMain.handle` for every contract method, on the channel named like the method. Each call is
 * checked (the sender must be the top frame of an app window on the app's origin), its input is
 * zod-parsed by `dispatch`, and the answer is an envelope so the error code survives IPC.
 */
import { METHOD_NAMES, type MethodName } from '../../../shared/contract';
import type { IpcEnvelope } from '../../../shared/ipc-channels';
import type { AppContext } from '../../app-context';
import { dispatch, toContractError } from '../../rpc';
import { isTrustedSender, type SenderFrame } from '../../security/ipc-sender';

/** The part of an `IpcMainInvokeEvent` the check reads. */
export interface InvokeEventPort {
  readonly senderFrame: SenderFrame | null;
}

/** The part of Electron's ipcMain used here. */
export interface IpcMainPort {
  handle(channel: string, listener: (event: InvokeEventPort, ...args: any[]) => unknown): void;
  removeHandler(channel: string): void;
}

export const UNTRUSTED_SENDER: IpcEnvelope<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'Refused: the request did not come from the app\'s own window' },
};

export async function handleInvoke(
  method: MethodName,
  event: InvokeEventPort,
  input: unknown,
  ctx: AppContext,
  trusted: readonly string[],
): Promise<IpcEnvelope<unknown>> {
  if (!isTrustedSender(event.senderFrame, trusted)) return UNTRUSTED_SENDER;
  try {
    return { ok: true, value: await dispatch(method, input, ctx) };
  } catch (err) {
    return { ok: false, error: toContractError(err).toBody() };
  }
}

/** Registers every method; answers a function that removes them again. */
export function registerContractHandlers(ipcMain: IpcMainPort, ctx: AppContext, trusted: readonly string[]): () => void {
  for (const method of METHOD_NAMES) {
    ipcMain.handle(method, (event, input?: unknown) => handleInvoke(method, event, input, ctx, trusted));
  }
  return () => {
    for (const method of METHOD_NAMES) ipcMain.removeHandler(method);
  };
}
