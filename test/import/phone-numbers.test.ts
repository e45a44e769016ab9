import metadata from 'libphonenumber-js/min/metadata';
import { describe, expect, it } from 'vitest';
import {
  createPhoneNormaliser,
  libraryE164,
  nanpDependsOnSixDigits,
  type PhoneRegion,
} from '../../activities/import/phone-numbers';

type Metadata = Parameters<typeof nanpDependsOnSixDigits>[0];

/** xorshift32, so a failure names a reproducible case. */
function random(seed: number) {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const SHAPES = [
  (d: string) => `+1${d}`,
  (d: string) => `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  (d: string) => `+1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `+1 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `(${d.slice(0, 3)})${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
  (d: string) => d,
];
const REGIONS: PhoneRegion[] = [
  { defaultCountry: 'US' },
  { defaultCountry: 'CA' },
  { defaultCountry: 'GB' },
  { defaultCallingCode: '1' },
];

describe('phone number normalisation', () => {
  it('proves from the bundled metadata that NANP verdicts depend on the first six digits', () => {
    expect(nanpDependsOnSixDigits(metadata as unknown as Metadata)).toBe(true);
  });

  it('turns the fast path off for metadata whose patterns look past the sixth digit or cannot be read', () => {
    const later = structuredClone(metadata) as unknown as { countries: Record<string, string[][][]> };
    later.countries.CA![11]![0]![0] = later.countries.CA![11]![0]![0]!.replace(
      '[2-9]\\d{6}',
      '[2-9]\\d{5}[0-4]',
    );
    expect(nanpDependsOnSixDigits(later as unknown as Metadata)).toBe(false);
    const lookahead = structuredClone(metadata) as unknown as { countries: Record<string, string[]> };
    lookahead.countries.US![2] = '(?=2)\\d{10}';
    expect(nanpDependsOnSixDigits(lookahead as unknown as Metadata)).toBe(false);
  });

  it('answers exactly as libphonenumber-js for 30,000 numbers in every shape, region and prefix family', () => {
    const next = random(0x5eed);
    const digit = () => String(Math.floor(next() * 10));
    // Prefixes from the whole space plus the special families (personal 52x, toll free, premium, N11, 310).
    const families = ['', '52', '800', '833', '900', '310', '211', '600', '268', '876', '416', '787'];
    const normalise = createPhoneNormaliser();
    const differences: string[] = [];
    let valid = 0;
    for (let i = 0; i < 30_000; i++) {
      const family = families[i % families.length]!;
      let digits = family || String(2 + Math.floor(next() * 8));
      // Few prefixes per family, many suffixes each, so cached verdicts are exercised heavily.
      const prefixLength = i % 3 === 0 ? 6 : 10;
      while (digits.length < Math.min(prefixLength, 6)) digits += digit();
      if (i % 5 === 0) digits = digits.slice(0, 3) + '555' + digits.slice(6);
      while (digits.length < 10) digits += digit();
      const cell = SHAPES[i % SHAPES.length]!(digits);
      const region = REGIONS[Math.floor(i / SHAPES.length) % REGIONS.length]!;
      const expected = libraryE164(cell, region);
      if (expected) valid += 1;
      const actual = normalise(cell, region);
      if (actual !== expected) differences.push(`${cell} ${JSON.stringify(region)}: ${actual} ≠ ${expected}`);
    }
    expect(differences.slice(0, 20)).toEqual([]);
    // Both verdicts occur in quantity, so the comparison is not vacuous. The numbers are seeded, so the split is
    // fixed for the installed libphonenumber-js metadata (a metadata update may move it: recount then).
    expect([valid, 30_000 - valid]).toEqual([22_195, 7_805]);
  });

  it('leaves every other shape to the library', () => {
    const normalise = createPhoneNormaliser();
    const region: PhoneRegion = { defaultCountry: 'US' };
    for (const cell of [
      '1 415 555 0123',
      '14155550123',
      '+44 20 7183 8750',
      '415 555 0123 x12',
      '(415)  555-0123',
      '+1 (415) 555-0123 ext. 4',
      '415-555-01234',
      '015-555-0123',
      'not a number',
    ]) {
      expect(normalise(cell, region), cell).toBe(libraryE164(cell, region));
    }
    expect(normalise('020 7183 8750', { defaultCountry: 'GB' })).toBe('+442071838750');
  });
});
