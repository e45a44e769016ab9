import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

/** SIMULATOR_MEDIA_SPEED (config/simulator.ts): media time per wall time of simulated callees. */
describe('SIMULATOR_MEDIA_SPEED', () => {
  const base = { NODE_ENV: 'test', APP_SECRET: 'x'.repeat(32) };
  const speed = (value?: string) =>
    loadConfig(value === undefined ? base : { ...base, SIMULATOR_MEDIA_SPEED: value }).simulator.mediaSpeed;

  it('is real time by default, and takes 0 (unpaced) or any speed-up up to 1000', () => {
    expect(speed()).toBe(1);
    expect(speed('0')).toBe(0);
    expect(speed('2.5')).toBe(2.5);
    expect(speed('1000')).toBe(1000);
  });

  it('refuses what is not a speed, naming the setting', () => {
    for (const value of ['-1', 'fast', '1001', 'Infinity']) {
      expect(() => speed(value)).toThrow(ConfigError);
      expect(() => speed(value)).toThrow(/SIMULATOR_MEDIA_SPEED must be a number from 0 \(unpaced\) to 1000/);
    }
  });
});
