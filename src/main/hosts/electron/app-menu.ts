/**
 * The application menu: the standard Edit and Window menus (copy and paste work everywhere), zoom and
 * full screen, and Help → "Check for updates…". Developer tools are on the menu (and reachable at all:
 * `webPreferences.devTools`) only in development builds, never in a packaged app.
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface AppMenuOptions {
  packaged: boolean;
  platform: NodeJS.Platform;
  checkForUpdates(): void;
}

export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (!options.packaged) view.push({ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' });
  return [
    ...(options.platform === 'darwin' ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'Check for updates…', click: () => options.checkForUpdates() }] },
  ];
}
