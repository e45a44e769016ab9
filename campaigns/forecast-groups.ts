import { zonesOfContact } from '../domain/contact-zones';
import { CachedGroupWindow } from '../domain/forecast-windows';
import { callingConstraints, legalHoursWindow, type LegalHours } from '../domain/legal-hours';
import type { Schedule } from '../domain/schedule';
import { numberZones } from '../engine/number-zones';

/**
 * Contacts grouped by the window that applies to them: the campaign's schedule (in the campaign's zone, or in each of
 * the contact's zones with `contact_timezone: "contact"`) and the organization's legal hours in the contact's zones.
 * Contacts of one group share one window, so a million contacts of a dozen area codes cost a dozen window evaluations.
 */

export interface WindowRules {
  schedule: Schedule;
  perContactZones: boolean;
  /** The organization's legal hours (`enabled: false` when off). */
  legalHours: LegalHours;
}

export interface ContactGroup {
  /** The zones the group's window is read in; the label shown in `next_openings`. */
  zones: string[];
  label: string;
  window: CachedGroupWindow;
}

/**
 * A contact's zones: its `timezone` column when it is a known zone, else the zones of its number (the engine's
 * `zonesOfContact`). Its answer depends only on the column and the number's prefix-table entry, so it is remembered
 * per pair: checking each zone's name costs ~90 µs, which made reading a file five times slower.
 */
export function contactZonesOf(phoneNumberE164: string, timezoneColumn: string | null): string[] {
  const fromNumber = numberZones(phoneNumberE164);
  const key = `${timezoneColumn ?? ''}|${fromNumber.join('&')}`;
  let zones = zonesByEntry.get(key);
  if (zones === undefined) {
    zones = zonesOfContact({ phoneNumberE164, timezoneColumn }, () => fromNumber);
    if (zonesByEntry.size >= 10_000) zonesByEntry.clear();
    zonesByEntry.set(key, zones);
  }
  return zones;
}
const zonesByEntry = new Map<string, string[]>();

export class ContactGroups {
  readonly groups: ContactGroup[] = [];
  private readonly byKey = new Map<string, number>();
  /** Whether the window depends on the contact's own zones (else every contact shares the campaign's window). */
  readonly contactZonesNeeded: boolean;

  constructor(private readonly rules: WindowRules) {
    this.contactZonesNeeded = rules.perContactZones || rules.legalHours.enabled;
  }

  /** The group of a contact of these zones (`contactZonesOf`). */
  groupOf(contactZones: readonly string[]): number {
    const zones = this.contactZonesNeeded ? [...contactZones] : [];
    const key = zones.join('&');
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const index = this.groups.length;
    this.groups.push(this.build(zones));
    this.byKey.set(key, index);
    return index;
  }

  /** The earliest instant at or after `instantMs` at which the group may be dialed; null for never. */
  availableFrom = (group: number, instantMs: number): number | null =>
    this.groups[group]!.window.availableFrom(instantMs);

  /** Whether legal hours, rather than the campaign's schedule, keep the group's closed window closed at `instantMs`. */
  outsideLegalHours(group: number, instantMs: number): boolean {
    const { legalHours, schedule } = this.rules;
    if (!legalHours.enabled) return false;
    const { zones } = this.groups[group]!;
    return !legalHoursWindow(legalHours, zones, schedule.timezone, instantMs).open;
  }

  private build(zones: string[]): ContactGroup {
    const { schedule, perContactZones, legalHours } = this.rules;
    // The engine's own list of rules a call must satisfy (a contact of no known zone: the campaign's schedule zone).
    const parts = callingConstraints({
      schedule,
      perContact: perContactZones,
      legalHours,
      contactZones: zones,
      fallbackZone: schedule.timezone,
    });
    const labelZones = this.contactZonesNeeded && zones.length > 0 ? zones : [schedule.timezone];
    return { zones, label: labelZones.join('&'), window: new CachedGroupWindow(parts) };
  }
}
