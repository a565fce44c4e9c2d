/**
 * The one app window: sandboxed, context-isolated renderer without Node, the preload as its only
 * bridge, no webviews, no remote content; shown when ready to avoid a white flash.
 */
import path from 'node:path';
import { BrowserWindow } from 'electron';

/** `devTools`: false in a packaged app (no DevTools at all, whatever the menu or a shortcut asks). */
export function createMainWindow(options: { preloadPath: string; url: string; iconPath?: string; devTools: boolean }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Carbon Desk',
    autoHideMenuBar: true,
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: {
      preload: path.resolve(options.preloadPath),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      devTools: options.devTools,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url);
  return window;
}
