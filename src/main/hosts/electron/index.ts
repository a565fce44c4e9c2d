/**
 * The Electron host: app lifecycle, the hardened window, the `app://` protocol and one
 * `ipcMain.handle` per contract method. Everything it decides is in pure modules
 * (src/main/security, ./ipc-handlers, ./event-forwarding) that are unit-tested without Electron.
 */
import fs from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, net, Notification, protocol, safeStorage, session, shell } from 'electron';
import { createAppContext, type AppContext } from '../../app-context';
import { APP_ENTRY_URL, APP_SCHEME, originOf, trustedOrigins } from '../../security/app-origin';
import { createDesktopSecretStore } from '../../secrets/desktop-secret-store';
import type { KeytarModule } from '../../secrets/keytar-secret-store';
import { appMenuTemplate } from './app-menu';
import { createAppUpdater, type UpdaterModule } from './app-updater';
import { runSmoke } from './smoke';
import { startBackgroundWork } from '../startup';
import { useStreamingHeap } from '../streaming-heap';
import { desktopNotifier } from './desktop-notifier';
import { registerAppProtocol } from './app-protocol';
import { forwardEvents } from './event-forwarding';
import { saveDialogExportTarget } from './export-save-dialog';
import { registerContractHandlers } from './ipc-handlers';
import { createMainWindow } from './main-window';
import { hardenSession } from './session-hardening';
import { utilityServiceLauncher } from './utility-service-launcher';
import { guardWebContents } from './web-contents-guards';

// A development build keeps its own data folder: it never reads or migrates the installed app's.
if (!app.isPackaged) app.setPath('userData', `${app.getPath('userData')}-dev`);
const smoke = process.argv.includes('--smoke');

// electron-vite sets this in `dev` only; a packaged app always loads app://carbon-desk/.
const devServerUrl = !app.isPackaged ? (process.env['ELECTRON_RENDERER_URL'] ?? null) : null;
const trusted = trustedOrigins(devServerUrl);
const devServerOrigin = devServerUrl ? originOf(devServerUrl) : null;
const rendererRoot = path.join(__dirname, '../renderer');
const preloadPath = path.join(__dirname, '../preload/index.js');

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
app.enableSandbox();
useStreamingHeap();

let context: AppContext | null = null;
let mainWindow: BrowserWindow | null = null;

function openWindow(): void {
  mainWindow = createMainWindow({ preloadPath, url: devServerUrl ?? APP_ENTRY_URL, devTools: !app.isPackaged });
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const secrets = createDesktopSecretStore({
    dataDir,
    safeStorage,
    // A plain require (kept external by the build), only when the keychain is needed: keys an earlier
    // version kept there move into safeStorage once; a keytar that fails to load is reported, not fatal.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loadKeytar: () => require('keytar') as KeytarModule,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  // The feed exists only in installers built with CARBON_UPDATE_URL (electron-builder writes app-update.yml).
  const updater = createAppUpdater({
    currentVersion: app.getVersion(),
    feedConfigured: app.isPackaged && fs.existsSync(path.join(process.resourcesPath, 'app-update.yml')),
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    load: () => (require('electron-updater') as { autoUpdater: UpdaterModule }).autoUpdater,
    onDownloaded: (version) => new Notification({ title: 'Carbon Desk update ready', body: `Version ${version} installs when Carbon Desk restarts.` }).show(),
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
      updater,
    },
  });
  context = ctx;

  if (smoke) {
    // A release pipeline's check of the packaged app: no window; one JSON line and the exit status.
    const result = await runSmoke(ctx);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    await ctx.dispose().catch(() => undefined);
    app.exit(result.ok ? 0 : 1);
    return;
  }

  hardenSession(session.defaultSession, trusted, devServerOrigin);
  registerAppProtocol(protocol, net, rendererRoot);
  ctx.onDispose(registerContractHandlers(ipcMain, ctx, trusted));
  ctx.onDispose(forwardEvents(ctx.events, () => BrowserWindow.getAllWindows().map((w) => w.webContents), trusted));
  // A clicked notification opens a view: bring the window forward (the renderer navigates).
  ctx.onDispose(ctx.events.on('app.navigate', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  }));
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({
        packaged: app.isPackaged,
        platform: process.platform,
        checkForUpdates: () =>
          void updater.check().then((r) => dialog.showMessageBox({ type: r.state === 'error' ? 'warning' : 'info', message: 'Check for updates', detail: r.message })),
      }),
    ),
  );
  openWindow();
  // One check at launch when this build has a feed (a newer version downloads and installs on restart).
  setTimeout(() => void updater.check(), 15_000).unref();
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
