/**
 * The Electron host: app lifecycle, the hardened window, the `app://` protocol and one
 * `ipcMain.handle` per contract method. Everything it decides is in pure modules
 * (src/main/security, ./ipc-handlers, ./event-forwarding) that are unit-tested without Electron.
 */
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, net, Notification, protocol, safeStorage, session, shell } from 'electron';
import { createAppContext, type AppContext } from '../../app-context';
import { APP_ENTRY_URL, APP_SCHEME, originOf, trustedOrigins } from '../../security/app-origin';
import { createSecretStore } from '../../secrets/create-secret-store';
import type { KeytarModule } from '../../secrets/keytar-secret-store';
import { startBackgroundWork } from '../startup';
import { desktopNotifier } from './desktop-notifier';
import { registerAppProtocol } from './app-protocol';
import { forwardEvents } from './event-forwarding';
import { saveDialogExportTarget } from './export-save-dialog';
import { registerContractHandlers } from './ipc-handlers';
import { createMainWindow } from './main-window';
import { hardenSession } from './session-hardening';
import { utilityServiceLauncher } from './utility-service-launcher';
import { guardWebContents } from './web-contents-guards';

// electron-vite sets this in `dev` only; a packaged app always loads app://carbon-desk/.
const devServerUrl = !app.isPackaged ? (process.env['ELECTRON_RENDERER_URL'] ?? null) : null;
const trusted = trustedOrigins(devServerUrl);
const devServerOrigin = devServerUrl ? originOf(devServerUrl) : null;
const rendererRoot = path.join(__dirname, '../renderer');
const preloadPath = path.join(__dirname, '../preload/index.js');

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
app.enableSandbox();

let context: AppContext | null = null;
let mainWindow: BrowserWindow | null = null;

function openWindow(): void {
  mainWindow = createMainWindow({ preloadPath, url: devServerUrl ?? APP_ENTRY_URL });
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const secrets = await createSecretStore({
    dataDir,
    safeStorage,
    // A plain require (kept external by the build): a keytar that fails to load falls back, not crashes.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loadKeytar: () => require('keytar') as KeytarModule,
  });
  const ctx = createAppContext({
    dataDir,
    secrets,
    ports: {
      kind: 'electron',
      // The demo service runs in a utility process: the packaged binary cannot run as Node (RunAsNode fuse).
      serviceLauncher: utilityServiceLauncher,
      // export.start asks where to save with a native dialog.
      exportTarget: saveDialogExportTarget(dialog, app, () => BrowserWindow.getFocusedWindow() ?? mainWindow),
      notifier: desktopNotifier(Notification),
    },
  });
  context = ctx;

  hardenSession(session.defaultSession, trusted, devServerOrigin);
  registerAppProtocol(protocol, net, rendererRoot);
  ctx.onDispose(registerContractHandlers(ipcMain, ctx, trusted));
  ctx.onDispose(forwardEvents(ctx.events, () => BrowserWindow.getAllWindows().map((w) => w.webContents), trusted));
  openWindow();
  void startBackgroundWork(ctx).catch((err: unknown) => {
    process.stderr.write(`background work failed: ${err instanceof Error ? err.message : String(err)}\n`);
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, trusted, shell));
  app.on('activate', () => {
    if (context && BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let disposed = false;
  app.on('before-quit', (event) => {
    if (disposed || !context) return;
    event.preventDefault();
    disposed = true;
    void context.dispose().finally(() => app.quit());
  });
  app.whenReady().then(start).catch((err: unknown) => {
    // Startup failed before a window exists: report on stderr (never a key: none is read yet) and quit.
    process.stderr.write(`Carbon Desk could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    app.exit(1);
  });
}
