import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { invalidField } from '../errors';

/**
 * A `phone_number` field of a request body in E.164, as contact numbers are stored (national numbers read in
 * DEFAULT_PHONE_REGION); 422 on `body.phone_number` otherwise.
 */
export function phoneNumberFieldE164(raw: string, defaultRegion: string): string {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultRegion as CountryCode);
  if (!parsed?.isValid())
    throw invalidField(
      ['body', 'phone_number'],
      `Input should be a valid phone number (E.164, or national in region ${defaultRegion})`,
      'value_error.phone_number',
    );
  return parsed.number;
}
