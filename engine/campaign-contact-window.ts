import { zonesOfContact } from '../domain/contact-zones';
import { callingWindow, type CallingWindow, type LegalHours } from '../domain/legal-hours';
import type { Schedule } from '../domain/schedule';
import { numberZones } from './number-zones';

/**
 * A campaign contact's window now: its zones (the CSV's column, else its number's) and the campaign's schedule read
 * with legal hours in each of them, the campaign's zone standing in for a contact of unknown zone. One place for the
 * claim (`campaign-claim.ts`) and the queueing step's hold (`campaign-control.ts`), so both judge alike.
 */
export function campaignContactWindow(
  input: {
    schedule: Schedule;
    perContact: boolean;
    legalHours: LegalHours;
    contact: { timezone: string | null; phoneNumber: string };
  },
  nowMs: number,
): { zones: string[]; window: CallingWindow } {
  const zones = zonesOfContact(
    { timezoneColumn: input.contact.timezone, phoneNumberE164: input.contact.phoneNumber },
    numberZones,
  );
  const window = callingWindow(
    {
      schedule: input.schedule,
      perContact: input.perContact,
      legalHours: input.legalHours,
      contactZones: zones,
      fallbackZone: input.schedule.timezone,
    },
    nowMs,
  );
  return { zones, window };
}
