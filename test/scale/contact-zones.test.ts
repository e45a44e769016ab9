import { describe, expect, it } from 'vitest';
import { contactWindow, zonesOfContact, type ContactZoneInput } from '../../domain/contact-zones';
import type { Schedule } from '../../domain/schedule';
import { numberZones } from '../../engine/number-zones';

const ms = (iso: string) => Date.parse(iso);
const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());

/** Monday … Friday, `start`–`end` local time; the campaign's own zone is irrelevant with contact zones. */
function weekdays(start: string, end: string): Schedule {
  const slots = [0, 1, 2, 3, 4].map((day_of_week) => ({ day_of_week, start_time: start, end_time: end }));
  return { enabled: true, timezone: 'UTC', slots };
}
const officeHours = weekdays('09:00', '17:00');
/** The contact's zones with the shipped prefix table, as the activities read them. */
const zonesOf = (input: ContactZoneInput) => zonesOfContact(input, numberZones);

describe("a contact's zones", () => {
  it('are the timezone column when it names a known IANA zone', () => {
    expect(zonesOf({ timezoneColumn: ' Europe/Paris ', phoneNumberE164: '+61891234567' })).toEqual([
      'Europe/Paris',
    ]);
  });

  it('fall back to the number when the timezone column is unknown or empty', () => {
    const fromNumber = ['Australia/Adelaide', 'Australia/Perth'];
    expect(zonesOf({ timezoneColumn: 'Mars/Olympus_Mons', phoneNumberE164: '+61891234567' })).toEqual(
      fromNumber,
    );
    expect(zonesOf({ timezoneColumn: '', phoneNumberE164: '+61891234567' })).toEqual(fromNumber);
    expect(zonesOf({ timezoneColumn: null, phoneNumberE164: '+61891234567' })).toEqual(fromNumber);
  });

  it('come from the number prefix, several for a prefix that spans zones', () => {
    expect(zonesOf({ phoneNumberE164: '+12015550123' })).toEqual(['America/New_York']);
    expect(zonesOf({ phoneNumberE164: '+17015550100' })).toEqual([
      'America/Denver',
      'America/North_Dakota/Center',
    ]);
    expect(zonesOf({ phoneNumberE164: '+78001234567' })).toEqual([
      'Asia/Almaty',
      'Asia/Aqtobe',
      'Europe/Moscow',
    ]);
    // A number the table knows only by its country code gets every zone of the country.
    expect(zonesOf({ phoneNumberE164: '+61800000000' })).toHaveLength(8);
  });

  it('are named as IANA names them today, from the column or from the prefix table (which says Asia/Calcutta)', () => {
    expect(zonesOf({ timezoneColumn: 'asia/kolkata', phoneNumberE164: '+12015550123' })).toEqual([
      'Asia/Kolkata',
    ]);
    expect(zonesOf({ timezoneColumn: 'Asia/Calcutta', phoneNumberE164: '+12015550123' })).toEqual([
      'Asia/Kolkata',
    ]);
    expect(numberZones('+919876543210')).toEqual(['Asia/Calcutta']);
    expect(zonesOf({ phoneNumberE164: '+919876543210' })).toEqual(['Asia/Kolkata']);
    expect(zonesOf({ phoneNumberE164: '+380441234567' })).toEqual(['Europe/Kyiv']);
  });

  it('are empty for a number no table entry covers', () => {
    expect(zonesOf({ phoneNumberE164: '+999123' })).toEqual([]);
    expect(zonesOf({ phoneNumberE164: 'not a number' })).toEqual([]);
  });
});

describe("a contact's calling window", () => {
  it("is the schedule's own zone when the contact has no zone, and always open without a schedule", () => {
    const paris = { ...officeHours, timezone: 'Europe/Paris' };
    expect(contactWindow(paris, [], ms('2026-01-05T08:30:00Z')).open).toBe(true);
    expect(contactWindow(paris, [], ms('2026-01-05T07:30:00Z'))).toEqual({
      open: false,
      nextOpeningMs: ms('2026-01-05T08:00:00Z'),
    });
    const unscheduled = { ...officeHours, enabled: false };
    const night = ms('2026-01-04T03:00:00Z');
    expect(contactWindow(unscheduled, ['Asia/Tokyo', 'America/Denver'], night)).toEqual({
      open: true,
      nextOpeningMs: night,
    });
  });

  it('follows each zone across its own DST change (Adelaide moves, Perth does not)', () => {
    const zones = zonesOf({ phoneNumberE164: '+61891234567' });
    // Adelaide goes from +09:30 to +10:30 on Sunday 4 October 2026; Perth stays at +08:00.
    // Friday 2 October 07:00Z is 16:30 in Adelaide and 15:00 in Perth: both open.
    expect(contactWindow(officeHours, zones, ms('2026-10-02T07:00:00Z')).open).toBe(true);
    // Monday 5 October 07:00Z is 17:30 in Adelaide: closed until Perth opens on Tuesday (01:00Z, Adelaide 11:30).
    expect(contactWindow(officeHours, zones, ms('2026-10-05T07:00:00Z'))).toEqual({
      open: false,
      nextOpeningMs: ms('2026-10-06T01:00:00Z'),
    });
    // In Adelaide's summer the common window ends at 06:30Z (Adelaide 17:00) …
    expect(contactWindow(officeHours, zones, ms('2026-01-05T06:29:00Z')).open).toBe(true);
    expect(contactWindow(officeHours, zones, ms('2026-01-05T06:30:00Z')).open).toBe(false);
    // … and a Friday evening waits for Monday morning in Perth.
    expect(iso(contactWindow(officeHours, zones, ms('2026-01-09T06:45:00Z')).nextOpeningMs)).toBe(
      '2026-01-12T01:00:00.000Z',
    );
  });

  it('uses the zones of two countries whose DST dates differ (a New York and London contact)', () => {
    const zones = ['America/New_York', 'Europe/London'];
    // 13:30Z on Mondays: New York is at 08:30 in standard time, 09:30 between the US and UK changes, 09:30 after.
    expect(contactWindow(officeHours, zones, ms('2026-03-02T13:30:00Z'))).toEqual({
      open: false,
      nextOpeningMs: ms('2026-03-02T14:00:00Z'),
    });
    expect(contactWindow(officeHours, zones, ms('2026-03-16T13:30:00Z')).open).toBe(true);
    expect(contactWindow(officeHours, zones, ms('2026-03-30T13:30:00Z')).open).toBe(true);
    // After the UK change London closes at 16:00Z.
    expect(contactWindow(officeHours, zones, ms('2026-03-30T16:30:00Z'))).toEqual({
      open: false,
      nextOpeningMs: ms('2026-03-31T13:00:00Z'),
    });
  });

  it('opens a +7 toll-free number only when Moscow and Kazakhstan are both open', () => {
    const zones = zonesOf({ phoneNumberE164: '+78001234567' });
    // Moscow (+03:00) opens at 06:00Z, hours after Almaty and Aqtobe; Moscow's 09:00 is the common opening.
    expect(contactWindow(officeHours, zones, ms('2026-06-01T05:00:00Z'))).toEqual({
      open: false,
      nextOpeningMs: ms('2026-06-01T06:00:00Z'),
    });
    expect(contactWindow(officeHours, zones, ms('2026-06-01T07:00:00Z')).open).toBe(true);
  });

  it('finds the narrow common window of an Australian number spanning Cocos to Lord Howe Island', () => {
    const zones = zonesOf({ phoneNumberE164: '+61800000000' });
    expect(zones).toEqual(expect.arrayContaining(['Indian/Cocos', 'Australia/Lord_Howe', 'Australia/Perth']));
    // January: Cocos (+06:30) opens at 02:30Z; Lord Howe (+11:00) and Sydney (+11:00) close at 06:00Z.
    expect(contactWindow(officeHours, zones, ms('2026-01-05T02:00:00Z'))).toEqual({
      open: false,
      nextOpeningMs: ms('2026-01-05T02:30:00Z'),
    });
    expect(contactWindow(officeHours, zones, ms('2026-01-05T05:59:00Z')).open).toBe(true);
    expect(contactWindow(officeHours, zones, ms('2026-01-05T06:00:00Z'))).toEqual({
      open: false,
      nextOpeningMs: ms('2026-01-06T02:30:00Z'),
    });
  });

  it('has no opening when the zones never share an open instant', () => {
    const mornings = weekdays('09:00', '12:00');
    expect(
      contactWindow(mornings, ['America/Los_Angeles', 'Asia/Tokyo'], ms('2026-01-05T00:00:00Z')),
    ).toEqual({
      open: false,
      nextOpeningMs: null,
    });
    // A US toll-free number covers Guam to Newfoundland: no eight office hours are shared.
    const tollFree = zonesOf({ phoneNumberE164: '+18005550100' });
    // The phone library's zones for +1 non-geographic numbers: all 42, Guam (UTC+10) to Newfoundland (UTC-3:30).
    expect(tollFree).toHaveLength(42);
    expect(tollFree).toEqual(expect.arrayContaining(['Pacific/Guam', 'America/St_Johns', 'America/Adak']));
    expect(contactWindow(officeHours, tollFree, ms('2026-01-05T15:00:00Z')).nextOpeningMs).toBeNull();
  });

  it('finds an opening several days ahead, across a weekend', () => {
    const mondayOnly: Schedule = {
      enabled: true,
      timezone: 'UTC',
      slots: [{ day_of_week: 0, start_time: '10:00', end_time: '11:00' }],
    };
    const window = contactWindow(mondayOnly, ['Europe/Berlin', 'Europe/Lisbon'], ms('2026-01-06T12:00:00Z'));
    // Berlin 10:00–11:00 is 09:00–10:00Z; Lisbon 10:00–11:00 is 10:00–11:00Z: they do not overlap.
    expect(window.nextOpeningMs).toBeNull();
    const longer = { ...mondayOnly, slots: [{ day_of_week: 0, start_time: '10:00', end_time: '12:00' }] };
    expect(
      iso(
        contactWindow(longer, ['Europe/Berlin', 'Europe/Lisbon'], ms('2026-01-06T12:00:00Z')).nextOpeningMs,
      ),
    ).toBe('2026-01-12T10:00:00.000Z');
  });
});
