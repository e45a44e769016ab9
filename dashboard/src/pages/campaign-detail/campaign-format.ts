/** How the campaign page writes times, durations and names for people. */

/** A date-time in the viewer's locale, or a dash for none. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}

/** A duration in seconds as "1 h 5 min", "4 min 10 s" or "12 s". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
  return `${rest} s`;
}

/** A code such as `no_answer` or `circuit_breaker_tripped` as words ("No answer"). */
export function humanize(code: string): string {
  const words = code.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A weekday of the schedule (0 = Monday … 6 = Sunday). */
export function weekdayName(dayOfWeek: number): string {
  return (
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][dayOfWeek] ??
    `Day ${dayOfWeek}`
  );
}

/** Yes or No, for read-only switches. */
export const yesNo = (value: boolean | undefined) => (value ? 'Yes' : 'No');
