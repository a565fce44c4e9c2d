import { describe, expect, it } from 'vitest';
import { desktopNotifier, type NotificationPort } from './desktop-notifier';

function fakeNotification(supported: boolean) {
  const shown: Array<{ title: string; body: string; click?: () => void }> = [];
  class FakeNotification {
    static isSupported = () => supported;
    private entry: { title: string; body: string; click?: () => void };
    constructor(options: { title: string; body: string }) {
      this.entry = { ...options };
    }
    on(_event: 'click', listener: () => void) {
      this.entry.click = listener;
    }
    show() {
      shown.push(this.entry);
    }
  }
  return { port: FakeNotification as unknown as NotificationPort, shown };
}

describe('desktop notifier', () => {
  it('shows an OS notification whose click runs the action', () => {
    const { port, shown } = fakeNotification(true);
    let clicked = 0;
    const notifier = desktopNotifier(port);
    expect(notifier.available).toBe(true);
    notifier.notify({ title: 'Watched items changed', body: '3 changes', onClick: () => clicked++ });
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe('Watched items changed');
    shown[0]!.click!();
    expect(clicked).toBe(1);
  });

  it('shows nothing where the OS has no notifications', () => {
    const { port, shown } = fakeNotification(false);
    const notifier = desktopNotifier(port);
    expect(notifier.available).toBe(false);
    notifier.notify({ title: 't', body: 'b' });
    expect(shown).toHaveLength(0);
  });
});
