/**
 * Vonage's Numbers API (`https://rest.nexmo.com`): finding a number of the account and linking it to the voice
 * application. Requests carry the account's `api_key` and `api_secret` as HTTP basic authentication (the API
 * accepts it, so the secret stays out of URLs), and answers carry `error-code` / `error-code-label` (`"200"` /
 * `"success"` when it worked). The vendor's words go to logs only (`vendorBody`).
 */
import type { DestinationPolicy } from '../../net/outbound-destinations';
import { basicAuth, vendorMessage, vendorRequest } from '../vendor-http';

export const VONAGE_NUMBERS_API = 'https://rest.nexmo.com';

export type VonageNumbersResult = { ok: boolean; message: string; vendorBody?: string };

interface OwnedNumber {
  country?: string;
  msisdn?: string;
  app_id?: string;
}

export function vonageNumbersApi(options: {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  timeoutMs?: number;
  destinations: DestinationPolicy;
}) {
  const authorization = basicAuth(options.apiKey, options.apiSecret);

  /** The owned number (E.164 digits, no '+'), or a message saying why it cannot be had. */
  async function find(
    msisdn: string,
  ): Promise<{ number: OwnedNumber } | { message: string; vendorBody?: string }> {
    const query = new URLSearchParams({ pattern: msisdn, search_pattern: '0', size: '100' });
    const response = await vendorRequest({
      provider: 'vonage',
      method: 'GET',
      url: `${options.baseUrl}/account/numbers?${query}`,
      headers: { authorization },
      timeoutMs: options.timeoutMs,
      destinations: options.destinations,
    });
    if (!response.ok)
      return {
        message: `numbers API answered ${response.status}`,
        vendorBody: await vendorMessage(response),
      };
    const body = await bodyOf(response);
    const number = ((body.numbers as OwnedNumber[] | undefined) ?? []).find((n) => n.msisdn === msisdn);
    return number ? { number } : { message: `${msisdn} is not a number of this account` };
  }

  /** Points inbound calls to the number at the application (`app_id`), whose answer URL is ours. */
  async function link(input: {
    msisdn: string;
    country: string | null;
    appId: string;
  }): Promise<VonageNumbersResult> {
    let country = input.country;
    if (!country) {
      const found = await find(input.msisdn);
      if ('message' in found) return { ok: false, ...found };
      country = found.number.country ?? '';
    }
    const form = new URLSearchParams({ country, msisdn: input.msisdn, app_id: input.appId });
    const response = await vendorRequest({
      provider: 'vonage',
      method: 'POST',
      url: `${options.baseUrl}/number/update`,
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      timeoutMs: options.timeoutMs,
      destinations: options.destinations,
    });
    const body = await bodyOf(response);
    const code = String(body['error-code'] ?? '200');
    if (response.ok && code === '200') return { ok: true, message: 'linked' };
    return {
      ok: false,
      message: response.ok ? 'numbers API refused the update' : `numbers API answered ${response.status}`,
      vendorBody: `${code} ${String(body['error-code-label'] ?? body.text ?? '')}`.slice(0, 300),
    };
  }

  return { find, link };
}

async function bodyOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : { text };
  } catch {
    return { text };
  }
}
