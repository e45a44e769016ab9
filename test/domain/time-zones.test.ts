import { describe, expect, it } from 'vitest';
import { ianaZoneName, isKnownZone } from '../../domain/time-zones';

/**
 * A contact's zone is stored and answered as the IANA database names it today. `Intl` (ICU) resolves some current
 * names to their pre-rename spelling (`Asia/Kolkata` → `Asia/Calcutta`): a file that says Asia/Kolkata must not come
 * back as Asia/Calcutta, on the API or the dashboard.
 */
describe('ianaZoneName', () => {
  it('keeps the current IANA spelling of a renamed zone, and renames its old spelling to it', () => {
    expect(ianaZoneName('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(ianaZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(ianaZoneName('Europe/Kyiv')).toBe('Europe/Kyiv');
    expect(ianaZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(ianaZoneName('America/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
  });

  it('corrects the case and follows a link to its zone', () => {
    expect(ianaZoneName('europe/berlin')).toBe('Europe/Berlin');
    expect(ianaZoneName('asia/kolkata')).toBe('Asia/Kolkata');
    expect(ianaZoneName('US/Eastern')).toBe('America/New_York');
    expect(ianaZoneName('Etc/UTC')).toBe('UTC');
  });

  it('answers a name every zone it gives back keeps', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const name = ianaZoneName(zone);
      expect(isKnownZone(name), name).toBe(true);
      expect(ianaZoneName(name), zone).toBe(name);
    }
  });
});
