/**
 * The desktop app's notifier: an OS notification through Electron's `Notification` (passed in as a
 * port, so this stays testable without Electron); clicking it runs the notification's action.
 */
import type { DesktopNotification, Notifier } from '../../notifier';

export interface NotificationPort {
  isSupported(): boolean;
  new (options: { title: string; body: string; silent?: boolean }): { on(event: 'click', listener: () => void): unknown; show(): void };
}

export function desktopNotifier(Notification: NotificationPort): Notifier {
  return {
    get available() {
      return Notification.isSupported();
    },
    notify(n: DesktopNotification) {
      if (!Notification.isSupported()) return;
      const shown = new Notification({ title: n.title, body: n.body });
      if (n.onClick) shown.on('click', n.onClick);
      shown.show();
    },
  };
}
