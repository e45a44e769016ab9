import { describe, expect, it } from 'vitest';
import { mergeCallingRules, MAX_CAP, type CallingRules } from '../../domain/calling-rules';
import { callingWindow, DEFAULT_LEGAL_HOURS, legalHoursWindow } from '../../domain/legal-hours';
import type { Schedule } from '../../domain/schedule';

/**
 * Legal calling hours as pure functions of an injected clock: the instants below were worked out by hand from the
 * zones' offsets (Paris UTC+1 in winter, +2 in summer; New York UTC-5 / -4; Los Angeles UTC-8 / -7; Tokyo UTC+9).
 */

const ms = (iso: string) => Date.parse(iso);
const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());
const legal = DEFAULT_LEGAL_HOURS; // 08:00-21:00

const window = (zones: string[], at: string, options: Partial<Parameters<typeof callingWindow>[0]> = {}) =>
  callingWindow(
    {
      schedule: null,
      perContact: false,
      legalHours: legal,
      contactZones: zones,
      fallbackZone: 'UTC',
      ...options,
    },
    ms(at),
  );

describe('legal calling hours in the contact’s own zones', () => {
  it('allows 08:00 to 21:00 local and names the next 08:00 before it', () => {
    expect(window(['Europe/Paris'], '2026-01-05T07:00:00Z')).toEqual({
      open: true,
      nextOpeningMs: ms('2026-01-05T07:00:00Z'),
      outsideLegalHours: false,
    });
    const early = window(['Europe/Paris'], '2026-01-05T06:59:00Z');
    expect(early.open).toBe(false);
    expect(early.outsideLegalHours).toBe(true);
    expect(iso(early.nextOpeningMs)).toBe('2026-01-05T07:00:00.000Z');
    // 21:00 Paris is the end: closed, and the next opening is tomorrow's 08:00.
    expect(iso(window(['Europe/Paris'], '2026-01-05T20:00:00Z').nextOpeningMs)).toBe(
      '2026-01-06T07:00:00.000Z',
    );
    expect(window(['Europe/Paris'], '2026-01-05T19:59:00Z').open).toBe(true);
  });

  it('needs every zone of a number open at once', () => {
    // New York and Los Angeles together: 08:00 in Los Angeles (16:00Z) to 21:00 in New York (02:00Z).
    const zones = ['America/New_York', 'America/Los_Angeles'];
    expect(window(zones, '2026-01-05T15:59:00Z').open).toBe(false);
    expect(iso(window(zones, '2026-01-05T15:59:00Z').nextOpeningMs)).toBe('2026-01-05T16:00:00.000Z');
    expect(window(zones, '2026-01-06T01:59:00Z').open).toBe(true);
    expect(iso(window(zones, '2026-01-06T02:00:00Z').nextOpeningMs)).toBe('2026-01-06T16:00:00.000Z');
  });

  it('keeps 08:00 local on both sides of a daylight saving change', () => {
    // New York springs forward on Sunday 2026-03-08: Saturday's 08:00 is 13:00Z, Sunday's is 12:00Z.
    expect(iso(window(['America/New_York'], '2026-03-07T12:30:00Z').nextOpeningMs)).toBe(
      '2026-03-07T13:00:00.000Z',
    );
    expect(iso(window(['America/New_York'], '2026-03-08T02:30:00Z').nextOpeningMs)).toBe(
      '2026-03-08T12:00:00.000Z',
    );
    expect(window(['America/New_York'], '2026-03-08T12:00:00Z').open).toBe(true);
    // Paris falls back on Sunday 2026-10-25: Saturday's 08:00 is 06:00Z, Sunday's is 07:00Z, and 21:00 is 20:00Z.
    expect(iso(window(['Europe/Paris'], '2026-10-24T05:00:00Z').nextOpeningMs)).toBe(
      '2026-10-24T06:00:00.000Z',
    );
    expect(iso(window(['Europe/Paris'], '2026-10-25T06:30:00Z').nextOpeningMs)).toBe(
      '2026-10-25T07:00:00.000Z',
    );
    expect(window(['Europe/Paris'], '2026-10-25T19:59:00Z').open).toBe(true);
    expect(window(['Europe/Paris'], '2026-10-25T20:00:00Z').open).toBe(false);
  });

  it('reads a contact of unknown zone in the fallback zone (the campaign’s, or UTC for a one-off call)', () => {
    const tokyo = window([], '2026-01-05T12:30:00Z', { fallbackZone: 'Asia/Tokyo' }); // 21:30 in Tokyo
    expect(tokyo.open).toBe(false);
    expect(iso(tokyo.nextOpeningMs)).toBe('2026-01-05T23:00:00.000Z');
    expect(window([], '2026-01-05T12:30:00Z').open).toBe(true); // 12:30 UTC
    expect(legalHoursWindow(legal, [], 'UTC', ms('2026-01-05T21:00:00Z')).nextOpeningMs).toBe(
      ms('2026-01-06T08:00:00Z'),
    );
  });

  it('lets everything through when turned off', () => {
    const off = { ...legal, enabled: false };
    expect(window(['Asia/Tokyo'], '2026-01-05T18:00:00Z', { legalHours: off }).open).toBe(true);
  });
});

describe('legal hours on top of a campaign schedule', () => {
  const mornings: Schedule = {
    enabled: true,
    timezone: 'UTC',
    slots: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day_of_week: day, start_time: '06:00', end_time: '14:00' })),
  };

  it('opens when both the campaign window (its zone) and legal hours (the contact’s zones) are open', () => {
    // New York's legal hours begin at 13:00Z in winter; the campaign's window runs 06:00-14:00Z.
    const early = window(['America/New_York'], '2026-01-05T07:00:00Z', { schedule: mornings });
    expect(early).toEqual({
      open: false,
      nextOpeningMs: ms('2026-01-05T13:00:00Z'),
      outsideLegalHours: true,
    });
    expect(window(['America/New_York'], '2026-01-05T13:30:00Z', { schedule: mornings }).open).toBe(true);
    // Closed by the campaign's window alone: not "waiting for legal hours".
    const late = window(['America/New_York'], '2026-01-05T15:00:00Z', { schedule: mornings });
    expect(late.outsideLegalHours).toBe(false);
    expect(iso(late.nextOpeningMs)).toBe('2026-01-06T13:00:00.000Z');
  });

  it('reads the schedule in the contact’s zones with per-contact zones', () => {
    // 06:00-14:00 New York (11:00-19:00Z) and 08:00-21:00 New York (13:00-02:00Z): 13:00Z.
    const w = window(['America/New_York'], '2026-01-05T12:00:00Z', { schedule: mornings, perContact: true });
    expect(iso(w.nextOpeningMs)).toBe('2026-01-05T13:00:00.000Z');
  });

  it('has no opening only when the rules truly never meet', () => {
    // The campaign calls 06:00-14:00 UTC; Los Angeles' legal hours are 16:00-05:00Z: never together.
    expect(
      window(['America/Los_Angeles'], '2026-01-05T12:00:00Z', { schedule: mornings }).nextOpeningMs,
    ).toBeNull();
    // Tokyo's legal hours (23:00-12:00Z) meet the campaign's window at 06:00Z.
    expect(iso(window(['Asia/Tokyo'], '2026-01-05T12:00:00Z', { schedule: mornings }).nextOpeningMs)).toBe(
      '2026-01-06T06:00:00.000Z',
    );
  });
});

describe('calling rules changes', () => {
  const defaults: CallingRules = { legal_hours: legal, frequency_caps: { per_24h: null, per_7d: null } };

  it('merges a partial change', () => {
    expect(
      mergeCallingRules(defaults, { legal_hours: { end: '20:00' }, frequency_caps: { per_24h: 3 } }),
    ).toEqual({
      rules: {
        legal_hours: { enabled: true, start: '08:00', end: '20:00' },
        frequency_caps: { per_24h: 3, per_7d: null },
      },
    });
  });

  it.each([
    [{ legal_hours: { start: '8:00' } }, ['body', 'legal_hours', 'start']],
    [{ legal_hours: { start: '24:00' } }, ['body', 'legal_hours', 'start']],
    [{ legal_hours: { end: '25:00' } }, ['body', 'legal_hours', 'end']],
    [{ legal_hours: { start: '21:00', end: '08:00' } }, ['body', 'legal_hours', 'end']],
    [{ legal_hours: { start: '09:00', end: '09:00' } }, ['body', 'legal_hours', 'end']],
    [{ frequency_caps: { per_24h: 0 } }, ['body', 'frequency_caps', 'per_24h']],
    [{ frequency_caps: { per_7d: MAX_CAP + 1 } }, ['body', 'frequency_caps', 'per_7d']],
    [{ frequency_caps: { per_7d: 1.5 } }, ['body', 'frequency_caps', 'per_7d']],
  ])('refuses %j', (change, loc) => {
    const merged = mergeCallingRules(defaults, change);
    expect('issues' in merged && merged.issues.map((issue) => issue.loc)).toEqual([loc]);
  });
});
