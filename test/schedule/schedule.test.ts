import { describe, expect, it } from 'vitest';
import {
  isOpenAt,
  nextClosingAfter,
  nextOpeningAfter,
  parseClock,
  type Schedule,
  type ScheduleSlot,
} from '../../domain/schedule';

const ms = (iso: string) => Date.parse(iso);
const schedule = (timezone: string, slots: ScheduleSlot[], enabled = true): Schedule => ({
  enabled,
  timezone,
  slots,
});
const slot = (day_of_week: number, start_time: string, end_time: string): ScheduleSlot => ({
  day_of_week,
  start_time,
  end_time,
});

describe('the campaign schedule', () => {
  it('is always open without a schedule, disabled or with no slots', () => {
    const now = ms('2026-03-04T03:00:00Z');
    expect(isOpenAt(schedule('UTC', [], true), now)).toBe(true);
    expect(isOpenAt(schedule('UTC', [slot(0, '09:00', '10:00')], false), now)).toBe(true);
    expect(nextOpeningAfter(schedule('UTC', []), now)).toBe(now);
    expect(nextClosingAfter(schedule('UTC', []), now)).toBeNull();
  });

  it('pins day_of_week 0 to Monday and 6 to Sunday', () => {
    // 2026-03-02 is a Monday.
    const names = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    for (let day = 0; day < 7; day++) {
      const noonOfThatDay = ms(`2026-03-0${2 + day}T12:00:00Z`);
      const only = schedule('UTC', [slot(day, '11:00', '13:00')]);
      expect(isOpenAt(only, noonOfThatDay), names[day]).toBe(true);
      for (let other = 0; other < 7; other++) {
        if (other !== day) expect(isOpenAt(only, ms(`2026-03-0${2 + other}T12:00:00Z`))).toBe(false);
      }
    }
  });

  it('includes the start minute and excludes the end minute', () => {
    const s = schedule('Europe/Berlin', [slot(0, '09:00', '17:00')]);
    expect(isOpenAt(s, ms('2026-03-02T08:00:00Z'))).toBe(true); // 09:00 CET
    expect(isOpenAt(s, ms('2026-03-02T07:59:59Z'))).toBe(false);
    expect(isOpenAt(s, ms('2026-03-02T16:00:00Z'))).toBe(false); // 17:00 CET
    expect(nextClosingAfter(s, ms('2026-03-02T10:00:00Z'))).toBe(ms('2026-03-02T16:00:00Z'));
  });

  it('lets an overnight slot run into the next day, belonging to its start day', () => {
    const fridayNight = schedule('UTC', [slot(4, '22:00', '02:00')]);
    expect(isOpenAt(fridayNight, ms('2026-03-06T23:00:00Z'))).toBe(true); // Friday 23:00
    expect(isOpenAt(fridayNight, ms('2026-03-07T01:30:00Z'))).toBe(true); // Saturday 01:30
    expect(isOpenAt(fridayNight, ms('2026-03-07T02:00:00Z'))).toBe(false);
    expect(isOpenAt(fridayNight, ms('2026-03-06T01:00:00Z'))).toBe(false); // Friday 01:00: Thursday's night, none
    expect(nextClosingAfter(fridayNight, ms('2026-03-06T23:00:00Z'))).toBe(ms('2026-03-07T02:00:00Z'));
  });

  it('treats touching slots as one window and 24:00 as the end of the day', () => {
    const s = schedule('UTC', [slot(0, '20:00', '24:00'), slot(1, '00:00', '06:00')]);
    expect(isOpenAt(s, ms('2026-03-02T23:59:00Z'))).toBe(true);
    expect(isOpenAt(s, ms('2026-03-03T00:00:00Z'))).toBe(true);
    expect(nextClosingAfter(s, ms('2026-03-02T21:00:00Z'))).toBe(ms('2026-03-03T06:00:00Z'));
  });

  it('finds the next opening across the week wrap', () => {
    const mondayMorning = schedule('America/New_York', [slot(0, '09:00', '12:00')]);
    // Saturday 2026-03-07 15:00 New York → Monday 2026-03-09 09:00 EDT (DST began on Sunday 8 March).
    expect(nextOpeningAfter(mondayMorning, ms('2026-03-07T20:00:00Z'))).toBe(ms('2026-03-09T13:00:00Z'));
    // Monday after the window → next Monday.
    expect(nextOpeningAfter(mondayMorning, ms('2026-03-09T17:00:00Z'))).toBe(ms('2026-03-16T13:00:00Z'));
    // Inside the window → now.
    const now = ms('2026-03-09T14:00:00Z');
    expect(nextOpeningAfter(mondayMorning, now)).toBe(now);
    const sunday = schedule('UTC', [slot(6, '10:00', '11:00')]);
    expect(nextOpeningAfter(sunday, ms('2026-03-09T00:00:00Z'))).toBe(ms('2026-03-15T10:00:00Z'));
  });

  describe('over daylight-saving changes', () => {
    it('keeps wall-clock hours on both sides of a change (America/New_York)', () => {
      const weekdays = schedule(
        'America/New_York',
        [0, 1, 2, 3, 4, 5, 6].map((d) => slot(d, '09:00', '17:00')),
      );
      expect(isOpenAt(weekdays, ms('2026-03-07T14:00:00Z'))).toBe(true); // 09:00 EST
      expect(isOpenAt(weekdays, ms('2026-03-09T13:00:00Z'))).toBe(true); // 09:00 EDT
      expect(isOpenAt(weekdays, ms('2026-03-09T12:59:00Z'))).toBe(false); // 08:59 EDT
      expect(isOpenAt(weekdays, ms('2026-11-02T14:00:00Z'))).toBe(true); // 09:00 EST again
      expect(isOpenAt(weekdays, ms('2026-11-02T13:30:00Z'))).toBe(false);
    });

    it('moves a boundary in the spring-forward gap forward (America/New_York, 2026-03-08)', () => {
      // 02:30 does not exist on 8 March: the slot starts at 03:30 EDT, one hour shorter.
      const s = schedule('America/New_York', [slot(6, '02:30', '05:00')]);
      expect(nextOpeningAfter(s, ms('2026-03-08T05:00:00Z'))).toBe(ms('2026-03-08T07:30:00Z'));
      expect(isOpenAt(s, ms('2026-03-08T07:29:00Z'))).toBe(false);
      expect(nextClosingAfter(s, ms('2026-03-08T08:00:00Z'))).toBe(ms('2026-03-08T09:00:00Z'));
      // A slot entirely inside the gap does not open that day; the next week's does.
      const gap = schedule('America/New_York', [slot(6, '02:00', '03:00')]);
      expect(nextOpeningAfter(gap, ms('2026-03-08T05:00:00Z'))).toBe(ms('2026-03-15T06:00:00Z'));
    });

    it('lasts the extra hour when clocks fall back (Europe/Berlin, 2026-10-25)', () => {
      // 02:00–04:00 local on the fall-back day spans 02:00 CEST (00:00Z) to 04:00 CET (03:00Z): three hours.
      const s = schedule('Europe/Berlin', [slot(6, '02:00', '04:00')]);
      expect(nextOpeningAfter(s, ms('2026-10-24T22:00:00Z'))).toBe(ms('2026-10-25T00:00:00Z'));
      expect(isOpenAt(s, ms('2026-10-25T01:30:00Z'))).toBe(true); // 02:30 CET, the repeated hour
      expect(nextClosingAfter(s, ms('2026-10-25T00:30:00Z'))).toBe(ms('2026-10-25T03:00:00Z'));
    });

    it('handles the Berlin spring change and an overnight slot across it', () => {
      // Saturday 28 March 22:00 CET to Sunday 29 March 06:00 CEST: 7 real hours.
      const s = schedule('Europe/Berlin', [slot(5, '22:00', '06:00')]);
      expect(nextOpeningAfter(s, ms('2026-03-28T12:00:00Z'))).toBe(ms('2026-03-28T21:00:00Z'));
      expect(nextClosingAfter(s, ms('2026-03-28T22:00:00Z'))).toBe(ms('2026-03-29T04:00:00Z'));
    });
  });

  it('evaluates the same slots in another zone when one is given', () => {
    const s = schedule('UTC', [slot(0, '09:00', '10:00')]);
    expect(isOpenAt(s, ms('2026-03-02T09:30:00Z'))).toBe(true);
    expect(isOpenAt(s, ms('2026-03-02T09:30:00Z'), 'Asia/Tokyo')).toBe(false);
    expect(isOpenAt(s, ms('2026-03-02T00:30:00Z'), 'Asia/Tokyo')).toBe(true);
  });

  it('throws on an unknown zone instead of failing open', () => {
    const s = schedule('Mars/Olympus_Mons', [slot(0, '09:00', '10:00')]);
    expect(() => isOpenAt(s, Date.now())).toThrow(/Unknown IANA time zone/);
    expect(() => nextOpeningAfter(s, Date.now())).toThrow(RangeError);
    expect(() =>
      isOpenAt(schedule('UTC', [slot(0, '09:00', '10:00')]), Date.now(), 'EST5EDT-nope'),
    ).toThrow();
  });

  it('reads clock times strictly', () => {
    expect(parseClock('09:05')).toBe(545);
    expect(parseClock('24:00')).toBeNull();
    expect(parseClock('24:00', true)).toBe(1440);
    for (const bad of ['9:00', '25:00', '12:60', '12:00:00', '', 'noon'])
      expect(parseClock(bad, true)).toBeNull();
  });
});
