import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { appMenuTemplate } from './app-menu';

const roles = (items: MenuItemConstructorOptions[]): string[] =>
  items.flatMap((i) => [...(i.role ? [String(i.role)] : []), ...(Array.isArray(i.submenu) ? roles(i.submenu) : [])]);

describe('the application menu', () => {
  it('has no developer tools in a packaged app, and offers them in development', () => {
    expect(roles(appMenuTemplate({ packaged: true, platform: 'linux', checkForUpdates: () => undefined }))).not.toContain('toggleDevTools');
    expect(roles(appMenuTemplate({ packaged: false, platform: 'linux', checkForUpdates: () => undefined }))).toContain('toggleDevTools');
  });

  it('keeps copy and paste (the Edit menu) and offers "Check for updates…"', () => {
    const check = vi.fn();
    const menu = appMenuTemplate({ packaged: true, platform: 'darwin', checkForUpdates: check });
    expect(roles(menu)).toEqual(expect.arrayContaining(['appMenu', 'editMenu', 'windowMenu']));
    const help = menu.find((m) => m.role === 'help')!;
    const item = (help.submenu as MenuItemConstructorOptions[]).find((i) => i.label === 'Check for updates…')!;
    (item.click as () => void)();
    expect(check).toHaveBeenCalledOnce();
  });
});
