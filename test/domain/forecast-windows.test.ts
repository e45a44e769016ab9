import { describe, expect, it } from 'vitest';
import { CachedGroupWindow, groupWindowAt } from '../../domain/forecast-windows';
import { legalHoursSchedule } from '../../domain/legal-hours';
import type { Schedule } from '../../domain/schedule';

const legal = legalHoursSchedule({ enabled: true, start: '08:00', end: '21:00' });
const weekdays: Schedule = {
  enabled: true,
  timezone: 'America/New_York',
  slots: [0, 1, 2, 3, 4].map((day) => ({ day_of_week: day, start_time: '09:00', end_time: '17:00' })),
};

describe("a group's window for the forecast", () => {
  it('is open with its closing when every rule is open', () => {
    // Tuesday 2026-11-24 15:00 UTC = 10:00 in New York.
    const at = Date.UTC(2026, 10, 24, 15, 0);
    expect(groupWindowAt([{ schedule: weekdays, zone: 'America/New_York' }], at)).toEqual({
      open: true,
      changeAtMs: Date.UTC(2026, 10, 24, 22, 0),
    });
  });

  it('opens when the last rule opens: legal hours in Los Angeles after the schedule in New York', () => {
    // 14:30 UTC: 09:30 in New York (schedule open), 06:30 in Los Angeles (legal hours closed until 08:00 = 16:00 UTC).
    const at = Date.UTC(2026, 10, 24, 14, 30);
    const parts = [
      { schedule: weekdays, zone: 'America/New_York' },
      { schedule: legal, zone: 'America/Los_Angeles' },
    ];
    expect(groupWindowAt(parts, at)).toEqual({ open: false, changeAtMs: Date.UTC(2026, 10, 24, 16, 0) });
    const cached = new CachedGroupWindow(parts);
    expect(cached.availableFrom(at)).toBe(Date.UTC(2026, 10, 24, 16, 0));
    expect(cached.availableFrom(Date.UTC(2026, 10, 24, 16, 0))).toBe(Date.UTC(2026, 10, 24, 16, 0));
    // Closes at 17:00 in New York (22:00 UTC), before legal hours end in Los Angeles.
    expect(groupWindowAt(parts, Date.UTC(2026, 10, 24, 16, 0)).changeAtMs).toBe(
      Date.UTC(2026, 10, 24, 22, 0),
    );
  });

  it('follows DST: legal hours open at 08:00 local on both sides of the change', () => {
    const parts = [{ schedule: legal, zone: 'Europe/Berlin' }];
    // Saturday 2026-03-28 (UTC+1) and Monday 2026-03-30 (UTC+2), at 05:00 UTC.
    expect(groupWindowAt(parts, Date.UTC(2026, 2, 28, 5, 0)).changeAtMs).toBe(Date.UTC(2026, 2, 28, 7, 0));
    expect(groupWindowAt(parts, Date.UTC(2026, 2, 30, 5, 0)).changeAtMs).toBe(Date.UTC(2026, 2, 30, 6, 0));
  });

  it('is always open without any rule', () => {
    expect(groupWindowAt([], Date.UTC(2026, 10, 24))).toEqual({ open: true, changeAtMs: Infinity });
  });

  it('never opens when the rules share no instant', () => {
    const night: Schedule = {
      enabled: true,
      timezone: 'UTC',
      slots: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
        day_of_week: day,
        start_time: '00:00',
        end_time: '05:00',
      })),
    };
    const parts = [
      { schedule: night, zone: 'UTC' },
      { schedule: legal, zone: 'UTC' },
    ];
    expect(groupWindowAt(parts, Date.UTC(2026, 10, 24))).toEqual({ open: false, changeAtMs: null });
  });
});
