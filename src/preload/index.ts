/**
 * The preload (sandboxed, context-isolated): exposes `window.carbon` and nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { buildCarbonApi } from './carbon-api';

contextBridge.exposeInMainWorld('carbon', buildCarbonApi(ipcRenderer));
