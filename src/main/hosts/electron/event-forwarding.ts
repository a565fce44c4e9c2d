/**
 * Forwards the contract's events from the back end's bus to every app window (webContents.send on
 * `carbon-event:<name>`), only to windows still showing the app's own origin.
 */
import { EVENT_NAMES } from '../../../shared/contract';
import { eventChannel } from '../../../shared/ipc-channels';
import type { EventBus } from '../../events';
import { isTrustedOrigin } from '../../security/app-origin';

/** The part of a WebContents used here. */
export interface EventTarget {
  isDestroyed(): boolean;
  getURL(): string;
  send(channel: string, ...args: unknown[]): void;
}

export function forwardEvents(bus: EventBus, targets: () => EventTarget[], trusted: readonly string[]): () => void {
  const stops = EVENT_NAMES.map((name) =>
    bus.on(name, (payload) => {
      for (const target of targets()) {
        if (!target.isDestroyed() && isTrustedOrigin(target.getURL(), trusted)) target.send(eventChannel(name), payload);
      }
    }),
  );
  return () => stops.forEach((stop) => stop());
}
