/**
 * Vonage's Numbers API (`https://rest.nexmo.com`): finding a number of the account and linking it to the voice
 * application. Requests carry the account's `api_key` and `api_secret` as parameters (query for GET, form body
 * for POST), and answers carry `error-code` / `error-code-label` (`"200"` / `"success"` when it worked).
 */
import { vendorRequest } from '../vendor-http';

export const VONAGE_NUMBERS_API = 'https://rest.nexmo.com';

export type VonageNumbersResult = { ok: true; message: string } | { ok: false; message: string };

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
}) {
  const credentials = { api_key: options.apiKey, api_secret: options.apiSecret };

  /** The owned number (E.164 digits, no '+'), or a message saying why it cannot be had. */
  async function find(msisdn: string): Promise<{ number: OwnedNumber } | { message: string }> {
    const query = new URLSearchParams({ ...credentials, pattern: msisdn, search_pattern: '0', size: '100' });
    const response = await vendorRequest({
      provider: 'vonage',
      method: 'GET',
      url: `${options.baseUrl}/account/numbers?${query}`,
      timeoutMs: options.timeoutMs,
    });
    const body = await bodyOf(response);
    if (!response.ok) return { message: labelOf(body, response) };
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
      if ('message' in found) return { ok: false, message: found.message };
      country = found.number.country ?? '';
    }
    const form = new URLSearchParams({ ...credentials, country, msisdn: input.msisdn, app_id: input.appId });
    const response = await vendorRequest({
      provider: 'vonage',
      method: 'POST',
      url: `${options.baseUrl}/number/update`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      timeoutMs: options.timeoutMs,
    });
    const body = await bodyOf(response);
    if (response.ok && String(body['error-code'] ?? '200') === '200')
      return { ok: true, message: String(body['error-code-label'] ?? 'success') };
    return { ok: false, message: labelOf(body, response) };
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

/** The vendor's words: `error-code-label`, an RFC 7807 `title`/`detail`, or the raw text. */
function labelOf(body: Record<string, unknown>, response: Response): string {
  const candidates = [body['error-code-label'], body.detail, body.title, body.text];
  const found = candidates.find((value) => typeof value === 'string' && value !== '');
  return (found as string | undefined) ?? `HTTP ${response.status}`;
}
