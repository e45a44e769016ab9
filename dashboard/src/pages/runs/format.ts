/** How the runs pages write durations, money and context values (instants: ui/date-time). */

/** Seconds as `1 h 02 min`, `3 min 05 s` or `42 s`; null (a run in progress) as an en dash. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '–';
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (hours > 0) return `${hours} h ${pad(minutes)} min`;
  if (minutes > 0) return `${minutes} min ${pad(rest)} s`;
  return `${rest} s`;
}

/** US dollars with cents, or four decimals below a cent (calls cost fractions of a cent). */
export function formatCost(usd: number | null | undefined): string {
  if (usd === null || usd === undefined) return '–';
  if (usd !== 0 && Math.abs(usd) < 0.01) return `$${usd.toFixed(4)}`;
  return `$${usd.toFixed(2)}`;
}

/** A context value for reading: text as is, anything else as compact JSON. */
export function formatContextValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '–';
  return JSON.stringify(value);
}

/**
 * The path of one of our own URLs. Public artifact links are absolute, built on PUBLIC_BASE_URL; the page uses
 * their path on its own origin, so that they work whatever name the browser reached the service by (and stay
 * within the page's Content-Security-Policy, which allows 'self').
 */
export function ownPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}
