import { DateTime } from 'luxon';

/**
 * Where the contacts a test dials are in their day when the test runs. Legal calling hours are on by default
 * (08:00–21:00 in each contact's own zone), so a test that dials with the default rules would pass or fail with the
 * hour; instead it dials contacts in a zone chosen here, at the moment it runs, where it is day (the default) or
 * night (`TEST_CALLEE_TIME=night`). The result then depends on that setting alone, never on the clock: `.ci/run` runs
 * the files that use this helper once with each value.
 */
export type CalleeTime = 'day' | 'night';

export const CALLEE_TIME_VARIABLE = 'TEST_CALLEE_TIME';

/** The callee time this run asks for: `TEST_CALLEE_TIME` (`day` or `night`), `day` when unset. */
export function calleeTime(env: NodeJS.ProcessEnv = process.env): CalleeTime {
  const value = env[CALLEE_TIME_VARIABLE]?.trim() || 'day';
  if (value !== 'day' && value !== 'night')
    throw new Error(`${CALLEE_TIME_VARIABLE} must be "day" or "night", not ${JSON.stringify(value)}`);
  return value;
}

/**
 * Real zones whose offsets lie at most three hours apart all round the globe (standard and daylight time alike), so
 * one of them is always within an hour and a half of any wall-clock time.
 */
const ZONES = [
  'Pacific/Kiritimati', // +14
  'Pacific/Auckland', // +12 / +13
  'Australia/Sydney', // +10 / +11
  'Asia/Tokyo', // +9
  'Asia/Shanghai', // +8
  'Asia/Kolkata', // +5:30
  'Asia/Dubai', // +4
  'Europe/Moscow', // +3
  'Europe/Paris', // +1 / +2
  'Europe/London', // 0 / +1
  'Atlantic/Azores', // -1 / 0
  'America/Sao_Paulo', // -3
  'America/New_York', // -5 / -4
  'America/Denver', // -7 / -6
  'America/Los_Angeles', // -8 / -7
  'America/Anchorage', // -9 / -8
  'Pacific/Honolulu', // -10
] as const;

/**
 * The wall-clock minute each callee time aims at: the middle of the default legal hours (08:00–21:00) and the middle
 * of the night outside them. The chosen zone is within 90 minutes of it, so a contact is at least four hours from the
 * next change of its legal hours whatever the date (daylight saving changes included): longer than any test runs.
 */
const AIM_MINUTES: Record<CalleeTime, number> = { day: 14 * 60 + 30, night: 2 * 60 + 30 };

const MINUTES_PER_DAY = 24 * 60;

function minutesFromAim(zone: string, atMs: number, aim: number): number {
  const local = DateTime.fromMillis(atMs, { zone });
  const distance = Math.abs(local.hour * 60 + local.minute - aim);
  return Math.min(distance, MINUTES_PER_DAY - distance);
}

/** A zone where, at `atMs`, it is day (well inside 08:00–21:00) or night (well outside it), as `time` asks. */
export function calleeZone(time: CalleeTime = calleeTime(), atMs: number = Date.now()): string {
  const aim = AIM_MINUTES[time];
  let best: { zone: string; distance: number } = { zone: ZONES[0], distance: Infinity };
  for (const zone of ZONES) {
    const distance = minutesFromAim(zone, atMs, aim);
    if (distance < best.distance) best = { zone, distance };
  }
  return best.zone;
}

/**
 * The next instant after `atMs` at which legal hours starting at `start` (HH:MM, default 08:00) open in `zone`: where
 * a contact held at night has its next attempt.
 */
export function nextLegalOpening(zone: string, atMs: number, start = '08:00'): DateTime {
  const [hour, minute] = start.split(':').map(Number);
  const now = DateTime.fromMillis(atMs, { zone });
  const today = now.set({ hour, minute, second: 0, millisecond: 0 });
  return today > now ? today : today.plus({ days: 1 }).set({ hour, minute, second: 0, millisecond: 0 });
}

export interface ClosedLegalBand {
  /** `HH:00`: legal hours to PUT, one hour long, that exclude `atMs` in the zone by an hour or more. */
  start: string;
  end: string;
  /** When they next open in the zone: where a held contact's next attempt goes. */
  opening: DateTime;
}

/**
 * One-hour legal hours that are closed at `atMs` in `zone` and for an hour after it, whatever the hour: two hours
 * ahead in the morning, three hours back from noon on. The band never starts before 03:00, so it never falls in the
 * hour a daylight saving change skips or repeats (02:00 in North America, 01:00–03:00 in Europe).
 */
export function closedLegalBand(zone: string, atMs: number = Date.now()): ClosedLegalBand {
  const local = DateTime.fromMillis(atMs, { zone });
  const startHour = local.hour < 12 ? Math.max(local.hour + 2, 3) : local.hour - 3;
  const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  const start = clock(startHour);
  return { start, end: clock(startHour + 1), opening: nextLegalOpening(zone, atMs, start) };
}
