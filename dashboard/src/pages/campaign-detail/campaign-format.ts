/** How the campaign page writes durations and weekdays (instants: ui/date-time; codes: ui/vocabulary). */

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

/** A weekday of the schedule (0 = Monday … 6 = Sunday). */
export function weekdayName(dayOfWeek: number): string {
  return (
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][dayOfWeek] ??
    `Day ${dayOfWeek}`
  );
}

/** Yes or No, for read-only switches. */
export const yesNo = (value: boolean | undefined) => (value ? 'Yes' : 'No');
