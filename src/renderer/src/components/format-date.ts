/**
 * Calendar dates for display, the same in every view, chart axis and tooltip: days "4 Oct 2024",
 * months "Oct 2024", quarters "Q4 2024", years "2024", date-times "4 Oct 2024 14:05". Text that is
 * not a date is shown as it came. Exports keep the raw ISO values; this is for the screen only.
 */
import { format, parseISO } from 'date-fns';

const DAY = 'd MMM yyyy';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parse(value: string): Date | null {
  const d = parseISO(value.length > 10 ? value : `${value}T00:00:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "2021-03-04" -> "4 Mar 2021"; an ISO datetime keeps its calendar date; invalid -> the text itself. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = parse(value);
  return d ? format(d, DAY) : value;
}

/** An ISO datetime -> "4 Mar 2021 14:05" in local time; with seconds "4 Mar 2021 14:05:09". */
export function formatDateTime(value: string | null | undefined, { seconds = false }: { seconds?: boolean } = {}): string {
  if (!value) return '—';
  const d = parseISO(value);
  return Number.isNaN(d.getTime()) ? value : format(d, seconds ? `${DAY} HH:mm:ss` : `${DAY} HH:mm`);
}

/** An ISO datetime -> its time of day "14:05" in local time; invalid -> the text itself. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = parseISO(value);
  return Number.isNaN(d.getTime()) ? value : format(d, 'HH:mm');
}

/** A month bin "2024-10" (or any date in it) -> "Oct 2024". */
export function formatMonth(value: string | null | undefined): string {
  if (!value) return '—';
  const m = /^(\d{4})-(\d{2})(?:$|-)/.exec(value);
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : value;
}

/** A year bin, a vintage or any date in the year -> "2024". */
export function formatYear(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const m = /^(\d{4})(?:$|-)/.exec(String(value));
  return m ? m[1]! : String(value);
}

/** A period as the service names it: "2024" (year), "2024-Q4" (quarter), "2024-10" (month), "2024-10-04" (day). */
export function formatPeriod(value: string | null | undefined): string {
  if (!value) return '—';
  const quarter = /^(\d{4})-Q([1-4])$/.exec(value);
  if (quarter) return `Q${quarter[2]} ${quarter[1]}`;
  if (/^\d{4}$/.test(value)) return value;
  if (/^\d{4}-\d{2}$/.test(value)) return formatMonth(value);
  return formatDate(value);
}

/** A span of calendar days: "1 Jan – 25 Nov 2026", the year written once when both ends share it. */
export function formatDateSpan(from: string, to: string): string {
  const a = parse(from);
  const b = parse(to);
  if (!a || !b) return `${formatDate(from)} – ${formatDate(to)}`;
  return a.getFullYear() === b.getFullYear() ? `${format(a, 'd MMM')} – ${format(b, DAY)}` : `${format(a, DAY)} – ${format(b, DAY)}`;
}

/** How long ago an ISO datetime was, in words: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function formatAge(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return 'never';
  const t = parseISO(value).getTime();
  if (Number.isNaN(t)) return value;
  const s = Math.max(0, Math.round((now.getTime() - t) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  const days = Math.floor(s / 86400);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
