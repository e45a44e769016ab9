import { describe, expect, it } from 'vitest';
import {
  callerCandidates,
  chooseLocalCaller,
  localityOf,
  type NanpRegionOf,
} from '../../domain/local-caller-id';
import { nanpRegionOf } from '../../engine/number-regions';

// A hand-written area-code table, so the choice is tested apart from the geocoding file.
const STATES: Record<string, string> = { '212': 'NY', '718': 'NY', '415': 'CA', '650': 'CA', '416': 'ON' };
const regionOf: NanpRegionOf = (areaCode) => STATES[areaCode] ?? null;

const choose = (contact: string, numbers: string[], defaultCaller: string | null) =>
  chooseLocalCaller(localityOf(contact, regionOf), callerCandidates(numbers, regionOf), defaultCaller);

const MANHATTAN = '+12125550101';
const BROOKLYN = '+17185550102';
const SAN_FRANCISCO = '+14155550103';
const PALO_ALTO = '+16505550104';
const TORONTO = '+14165550105';
const LONDON = '+442079460958';
const MANCHESTER = '+441614960000';
const BERLIN = '+4930123456';

describe('where a number is', () => {
  it('reads the area code of North American numbers and the state from the table', () => {
    expect(localityOf('+12125550199', regionOf)).toEqual({
      callingCode: '1',
      country: 'US',
      areaCode: '212',
      region: 'US-NY',
    });
    expect(localityOf(TORONTO, regionOf)).toMatchObject({ country: 'CA', areaCode: '416', region: 'CA-ON' });
  });

  it('reads the national destination code elsewhere, and the country as the region', () => {
    expect(localityOf(LONDON, regionOf)).toEqual({
      callingCode: '44',
      country: 'GB',
      areaCode: '20',
      region: 'GB',
    });
    expect(localityOf(BERLIN, regionOf)).toMatchObject({ areaCode: '30', region: 'DE' });
  });

  it('gives toll-free and ordinary mobile numbers no area code', () => {
    expect(localityOf('+18005550100', regionOf)).toMatchObject({ areaCode: null, region: 'US' });
    expect(localityOf('+447400123456', regionOf)).toMatchObject({ areaCode: null, region: 'GB' });
  });

  it('keeps the area code of mobile numbers where mobiles have one (Argentina with its 9, Brazil)', () => {
    expect(localityOf('+5491123456789', regionOf)).toMatchObject({ areaCode: '911' });
    expect(localityOf('+5511987654321', regionOf)).toMatchObject({ areaCode: '11' });
  });

  it('falls back to the country when the table does not know the area code', () => {
    expect(localityOf('+13055550100', regionOf)).toMatchObject({ areaCode: '305', region: 'US' });
  });

  it('is null for text that is not a number', () => {
    expect(localityOf('not a number', regionOf)).toBeNull();
    expect(localityOf('+', regionOf)).toBeNull();
  });
});

describe('the caller a contact sees', () => {
  const numbers = [MANHATTAN, BROOKLYN, SAN_FRANCISCO, LONDON];

  it('is the number with the same area code', () => {
    expect(choose('+17185550199', numbers, MANHATTAN)).toEqual({ number: BROOKLYN, match: 'area_code' });
    expect(choose('+14155550199', numbers, MANHATTAN)).toEqual({ number: SAN_FRANCISCO, match: 'area_code' });
    expect(choose('+442071234567', numbers, MANHATTAN)).toEqual({ number: LONDON, match: 'area_code' });
  });

  it('else a number of the same state', () => {
    expect(choose('+16505550199', numbers, MANHATTAN)).toEqual({ number: SAN_FRANCISCO, match: 'region' });
  });

  it('else a number of the same country, the default caller first', () => {
    // Miami: no Florida number; both New York numbers are in the country and Manhattan is the default.
    expect(choose('+13055550199', numbers, MANHATTAN)).toEqual({ number: MANHATTAN, match: 'country' });
    expect(choose('+13055550199', numbers, BROOKLYN)).toEqual({ number: BROOKLYN, match: 'country' });
    // The default caller is in another country: the oldest number of the contact's country.
    expect(choose('+13055550199', numbers, LONDON)).toEqual({ number: MANHATTAN, match: 'country' });
    expect(choose(MANCHESTER, numbers, MANHATTAN)).toEqual({ number: LONDON, match: 'region' });
  });

  it('else the default caller: a country without numbers, another NANP country, or an unreadable number', () => {
    expect(choose(BERLIN, numbers, MANHATTAN)).toEqual({ number: MANHATTAN, match: 'default' });
    expect(choose(TORONTO, numbers, SAN_FRANCISCO)).toEqual({ number: SAN_FRANCISCO, match: 'default' });
    expect(choose('garbage', numbers, MANHATTAN)).toEqual({ number: MANHATTAN, match: 'default' });
    expect(choose(BERLIN, numbers, null)).toEqual({ number: null, match: 'default' });
  });

  it('prefers the default caller among equally good numbers, else the first given', () => {
    const twoInManhattan = [MANHATTAN, '+12125550177'];
    expect(choose('+12125550199', twoInManhattan, '+12125550177')).toEqual({
      number: '+12125550177',
      match: 'area_code',
    });
    expect(choose('+12125550199', twoInManhattan, LONDON)).toEqual({ number: MANHATTAN, match: 'area_code' });
  });

  it('is the default caller when the configuration has no numbers to choose from', () => {
    expect(choose(MANHATTAN, [], BROOKLYN)).toEqual({ number: BROOKLYN, match: 'default' });
  });

  it('never picks a Canadian number for a US contact by area code alone', () => {
    expect(choose('+12125550199', [TORONTO, PALO_ALTO], LONDON)).toEqual({
      number: PALO_ALTO,
      match: 'country',
    });
  });
});

describe('the offline geocoding table', () => {
  it('knows states and provinces by area code, whichever way the table names them', () => {
    expect(nanpRegionOf('212')).toBe('NY'); // "New York, NY"
    expect(nanpRegionOf('718')).toBe('NY'); // no entry of its own; its longer prefixes say New York
    expect(nanpRegionOf('415')).toBe('CA'); // "California"
    expect(nanpRegionOf('213')).toBe('CA'); // "Los Angeles, CA"
    expect(nanpRegionOf('206')).toBe('WA'); // "Washington State"
    expect(nanpRegionOf('202')).toBe('DC'); // "Washington D.C."
    expect(nanpRegionOf('416')).toBe('ON'); // "Toronto, ON"
    expect(nanpRegionOf('604')).toBe('BC');
    expect(nanpRegionOf('999')).toBeNull();
  });
});
