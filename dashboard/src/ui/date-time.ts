/**
 * The one way the dashboard writes an instant: day, month, year, hour and minute, always with its zone ("7 Dec
 * 2026, 14:05 UTC"), in the browser's locale. Without `timeZone` the browser's zone; a page that means a contact's
 * zone names it.
 */

const OPTIONS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(undefined, timeZone ? { ...OPTIONS, timeZone } : OPTIONS);
    } catch {
      // A zone the browser does not know: the browser's own, which still names itself.
      format = new Intl.DateTimeFormat(undefined, OPTIONS);
    }
    formats.set(key, format);
  }
  return format;
}

/** An ISO instant with its zone; none as an em dash, text that is no instant as it came. */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatIn(timeZone).format(date);
}
