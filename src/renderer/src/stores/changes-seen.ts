/** Which sync run's changes the user has seen (the navigation badge counts only newer ones). */
const SEEN_KEY = 'carbon-desk.changes-seen-run';

export function changesSeenRun(): number {
  return Number(localStorage.getItem(SEEN_KEY) ?? 0) || 0;
}

export function markChangesSeen(run: number): void {
  if (run > changesSeenRun()) {
    localStorage.setItem(SEEN_KEY, String(run));
    window.dispatchEvent(new Event('carbon-desk.changes-seen'));
  }
}
