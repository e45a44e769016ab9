import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEGAL_HOURS, legalHoursWindow } from '../../domain/legal-hours';
import { calleeTime, calleeZone, closedLegalBand, nextLegalOpening } from './callee-time';

/**
 * The callee-time helper is what keeps the suite independent of the hour: checked here against the product's own
 * legal-hours judgement every 7 h 45 min through a year (each quarter hour of the day a dozen times, in every season
 * of daylight saving time).
 */

const STEP_MS = (7 * 60 + 45) * 60 * 1000;
const SLOW_MS = 60_000;
const FOUR_HOURS_MS = 4 * 3600 * 1000;
const instants = (() => {
  const from = DateTime.fromISO('2026-01-01T00:00:00Z').toMillis();
  const until = DateTime.fromISO('2027-01-01T00:00:00Z').toMillis();
  const all: number[] = [];
  for (let at = from; at < until; at += STEP_MS) all.push(at);
  return all;
})();

const legalAt = (zone: string, atMs: number) => legalHoursWindow(DEFAULT_LEGAL_HOURS, [zone], 'UTC', atMs);

describe('calleeZone', () => {
  it(
    'finds, at every instant, a zone inside the default legal hours for four hours from then (day)',
    () => {
      const misses = instants.filter((at) => {
        const zone = calleeZone('day', at);
        return !legalAt(zone, at).open || !legalAt(zone, at + FOUR_HOURS_MS).open;
      });
      expect(misses.map((at) => new Date(at).toISOString())).toEqual([]);
    },
    SLOW_MS,
  );

  it(
    'finds, at every instant, a zone outside them for four hours from then (night)',
    () => {
      const misses = instants.filter((at) => {
        const zone = calleeZone('night', at);
        const window = legalAt(zone, at);
        return window.open || window.nextOpeningMs === null || window.nextOpeningMs < at + FOUR_HOURS_MS;
      });
      expect(misses.map((at) => new Date(at).toISOString())).toEqual([]);
    },
    SLOW_MS,
  );

  it('answers the opening the engine stores for a contact held at night', () => {
    for (const at of instants.filter((_, index) => index % 3 === 0)) {
      const zone = calleeZone('night', at);
      expect(nextLegalOpening(zone, at).toMillis()).toBe(legalAt(zone, at).nextOpeningMs);
    }
  });
});

describe('closedLegalBand', () => {
  it(
    'gives New York one-hour legal hours closed now and for an hour, and their next opening, at every instant',
    () => {
      const zone = 'America/New_York';
      const misses = instants.filter((at) => {
        const band = closedLegalBand(zone, at);
        const window = legalHoursWindow(
          { enabled: true, start: band.start, end: band.end },
          [zone],
          'UTC',
          at,
        );
        const inAnHour = legalHoursWindow({ enabled: true, ...band }, [zone], 'UTC', at + 3600_000);
        return window.open || inAnHour.open || window.nextOpeningMs !== band.opening.toMillis();
      });
      expect(misses.map((at) => new Date(at).toISOString())).toEqual([]);
    },
    SLOW_MS,
  );

  it('keeps clear of the hour a daylight saving change skips (US spring forward, 2026-03-08)', () => {
    const at = DateTime.fromISO('2026-03-08T05:30:00Z').toMillis(); // 00:30 EST, two hours before the skipped 02:xx
    expect(closedLegalBand('America/New_York', at)).toMatchObject({ start: '03:00', end: '04:00' });
    expect(closedLegalBand('America/New_York', at).opening.toUTC().toISO()).toBe('2026-03-08T07:00:00.000Z');
  });
});

describe('calleeTime', () => {
  it('is day by default, follows TEST_CALLEE_TIME, and refuses anything else', () => {
    expect(calleeTime({})).toBe('day');
    expect(calleeTime({ TEST_CALLEE_TIME: '' })).toBe('day');
    expect(calleeTime({ TEST_CALLEE_TIME: 'night' })).toBe('night');
    expect(calleeTime({ TEST_CALLEE_TIME: 'day' })).toBe('day');
    expect(() => calleeTime({ TEST_CALLEE_TIME: 'evening' })).toThrow(
      /TEST_CALLEE_TIME must be "day" or "night"/,
    );
  });
});
