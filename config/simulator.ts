import type { EnvReader } from './env-reader';
import type { Config } from './settings';

/** The largest speed-up of simulated media: beyond it a call's frames outrun any pipeline anyway. */
const MAX_MEDIA_SPEED = 1000;

/**
 * The simulator's settings (SIMULATOR_*): whether its cloud runs in the API process (by default in development and
 * tests, not in production), where workers reach it, and how
 * fast its callees send media (`SIMULATOR_MEDIA_SPEED`: 1 real time, the default; 4 four times faster; 0 as fast as
 * the media process reads, for tests and benchmarks).
 */
export function readSimulatorSettings(
  read: EnvReader,
  publicBaseUrl: string,
  problems: string[],
  /** NODE_ENV=production: the simulator is off unless SIMULATOR_ENABLED=true says otherwise. */
  production = false,
): Config['simulator'] {
  const raw = read.opt('SIMULATOR_MEDIA_SPEED');
  let mediaSpeed = 1;
  if (raw !== null) {
    const value = Number(raw);
    if (Number.isFinite(value) && value >= 0 && value <= MAX_MEDIA_SPEED) mediaSpeed = value;
    else
      problems.push(
        `SIMULATOR_MEDIA_SPEED must be a number from 0 (unpaced) to ${MAX_MEDIA_SPEED}, 1 being real time (got "${raw}")`,
      );
  }
  return {
    enabled: read.bool('SIMULATOR_ENABLED', !production),
    baseUrl: read.str('SIMULATOR_URL', publicBaseUrl).replace(/\/+$/, ''),
    mediaSpeed,
  };
}
