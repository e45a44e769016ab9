/** Reads a phone number's address: a PSTN number normalised to E.164, or a SIP URI. */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { invalidField } from '../../errors';

export interface ReadAddress {
  address: string;
  addressNormalized: string;
  addressType: 'pstn' | 'sip';
  /** The number's region when known, else the region given. */
  countryCode: string | null;
}

const SIP_URI = /^sips?:[^\s@]+(@[^\s@]+)?$/i;

/** The normalised address; 422 on `body.address` or `body.country_code` when it cannot be read. */
export function readAddress(
  rawAddress: string,
  countryCode: string | null,
  defaultRegion: string,
): ReadAddress {
  const address = rawAddress.trim();
  const region = countryCode?.trim().toUpperCase() || null;
  if (region !== null && !isSupportedCountry(region))
    throw invalidField(
      ['body', 'country_code'],
      'Input should be a supported ISO 3166-1 alpha-2 region code',
    );
  if (/^sips?:/i.test(address)) {
    if (!SIP_URI.test(address))
      throw invalidField(['body', 'address'], 'Input should be a SIP URI such as sip:agent@example.com');
    return { address, addressNormalized: address.toLowerCase(), addressType: 'sip', countryCode: region };
  }
  const parsed = parsePhoneNumberFromString(address, (region ?? defaultRegion) as CountryCode);
  if (!parsed?.isValid())
    throw invalidField(
      ['body', 'address'],
      `Input should be a valid phone number (E.164, or national in region ${region ?? defaultRegion}) or a sip: URI`,
    );
  return {
    address,
    addressNormalized: parsed.number,
    addressType: 'pstn',
    countryCode: parsed.country ?? region,
  };
}
