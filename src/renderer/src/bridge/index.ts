/** `carbon`: the preload's window.carbon in Electron, otherwise the HTTP bridge. Same type. */
import type { CarbonApi } from '../../../shared/contract';
import { createHttpBridge, readSessionToken } from './http-bridge';

declare global {
  interface Window {
    carbon?: CarbonApi;
  }
}

export const carbon: CarbonApi = window.carbon ?? createHttpBridge(readSessionToken());
export const isElectron = window.carbon !== undefined;
