/**
 * Desktop notifications (e.g. "a watched project changed" after a sync): the Electron host shows
 * them with the OS; the web host and the CLI have none and drop them.
 */
export interface DesktopNotification {
  title: string;
  body: string;
  /** Called when the user clicks the notification. */
  onClick?: () => void;
}

export interface Notifier {
  /** Whether this host shows notifications at all. */
  readonly available: boolean;
  notify(notification: DesktopNotification): void;
}

/** The web host's and the CLI's notifier: there is no desktop to notify. */
export const noNotifier: Notifier = { available: false, notify: () => undefined };
