import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, twilioSignature } from '../../providers/twilio/twilio-status';
import { twilioSigned } from './fakes/twilio-fake';

/**
 * Vectors from Twilio, not from this code base: the request, auth token and signatures of the request-validation
 * tests in Twilio's helper libraries (twilio-node `spec/validation.spec.js`, twilio-python
 * `tests/unit/test_request_validator.py`, twilio-csharp `RequestValidatorTest`), and the `0/KC…` signature of
 * Twilio's "Webhooks security" sample (same URL and token, caller +12349013030). Each was also recomputed by hand
 * (Python hmac/hashlib: URL + sorted name/value pairs, HMAC-SHA1, base64) before being pinned here.
 */
const TOKEN = '12345';
const URL_ = 'https://mycompany.com/myapp.php?foo=1&bar=2';
/** The documented call's parameters, in an order other than the sorted one (a form's order is the sender's). */
const call = (caller: string) =>
  new URLSearchParams([
    ['To', '+18005551212'],
    ['From', caller],
    ['CallSid', 'CA1234567890ABCDE'],
    ['Digits', '1234'],
    ['Caller', caller],
  ]);
const SDK_PARAMS = call('+14158675309');
const SDK_SIGNATURE = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';
/** What Twilio signs for that request after the URL: the parameters sorted by name, as name + value. */
const SORTED = 'CallSidCA1234567890ABCDECaller+14158675309Digits1234From+14158675309To+18005551212';

const documented: Array<{ name: string; url: string; params: URLSearchParams; signature: string }> = [
  { name: "the helper libraries' request", url: URL_, params: SDK_PARAMS, signature: SDK_SIGNATURE },
  {
    name: "the webhooks-security page's sample",
    url: URL_,
    params: call('+12349013030'),
    signature: '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
  },
  {
    name: 'a repeated name: each distinct value once, values sorted',
    url: URL_,
    params: new URLSearchParams([
      ['Sid', 'CA123'],
      ['SidAccount', 'AC123'],
      ['Digits', '5678'],
      ['Digits', '1234'],
      ['Digits', '1234'],
    ]),
    signature: 'IK+Dwps556ElfBT0I3Rgjkr1wJU=',
  },
  {
    name: 'an array parameter, whatever the order of its values',
    url: URL_,
    params: new URLSearchParams([
      ['MessagingBinding.Address', '+1415xxxxxxx'],
      ['MessagingBinding.Address', '+1325xxxxxxx'],
    ]),
    signature: '83O6e2vORAoJHUNzJjDWN1jz+BA=',
  },
];

/** A MAC of `data` with the documented token: how a wrong implementation would sign. */
const mac = (algorithm: string, data: string, encoding: 'base64' | 'hex' = 'base64') =>
  createHmac(algorithm, TOKEN).update(data).digest(encoding);

describe("X-Twilio-Signature matches Twilio's own vectors", () => {
  it.each(documented)('signs $name as Twilio does', ({ url, params, signature }) => {
    expect(twilioSignature(TOKEN, url, params)).toBe(signature);
    expect(isValidTwilioSignature(TOKEN, url, params, signature)).toBe(true);
  });

  it.each(documented)(
    'the Twilio fake signs $name the same way, on its own',
    ({ url, params, signature }) => {
      expect(twilioSigned(TOKEN, url, params)).toBe(signature);
    },
  );

  it('accepts the signature Twilio made with or without the port, as its helper libraries do', () => {
    // Signed over https://mycompany.com:443/…, received at the URL without a port.
    expect(isValidTwilioSignature(TOKEN, URL_, SDK_PARAMS, 'kvajT1Ptam85bY51eRf/AJRuM3w=')).toBe(true);
    // Signed over http://mycompany.com:80/….
    const http = URL_.replace('https', 'http');
    expect(isValidTwilioSignature(TOKEN, http, SDK_PARAMS, '0ZXoZLH/DfblKGATFgpif+LLRf4=')).toBe(true);
    // Signed without the port, received at a URL with one.
    const withPort = URL_.replace('.com', '.com:1234');
    expect(isValidTwilioSignature(TOKEN, withPort, SDK_PARAMS, SDK_SIGNATURE)).toBe(true);
    // Signed with a non-standard port, received at that URL.
    const httpPort = http.replace('.com', '.com:1234');
    expect(isValidTwilioSignature(TOKEN, httpPort, SDK_PARAMS, 'Zmvh+3yNM1Phv2jhDCwEM3q5ebU=')).toBe(true);
    // A port never makes another host, path or query valid.
    expect(isValidTwilioSignature(TOKEN, URL_.replace('bar=2', 'bar=3'), SDK_PARAMS, SDK_SIGNATURE)).toBe(
      false,
    );
  });

  it('refuses what a wrong algorithm would send for the same request', () => {
    const sorted = SORTED;
    expect(mac('sha1', URL_ + sorted)).toBe(SDK_SIGNATURE);
    const wrong = {
      'parameters in the order received': mac('sha1', URL_ + [...SDK_PARAMS].map(([n, v]) => n + v).join('')),
      'parameters form-encoded': mac('sha1', URL_ + SDK_PARAMS.toString()),
      'the URL without its query': mac('sha1', `https://mycompany.com/myapp.php${sorted}`),
      'the parameters without the URL': mac('sha1', sorted),
      'HMAC-SHA256 instead of SHA-1': mac('sha256', URL_ + sorted),
      'hex instead of base64': mac('sha1', URL_ + sorted, 'hex'),
      'another auth token': createHmac('sha1', '54321')
        .update(URL_ + sorted)
        .digest('base64'),
    };
    for (const [variant, signature] of Object.entries(wrong))
      expect([variant, isValidTwilioSignature(TOKEN, URL_, SDK_PARAMS, signature)]).toEqual([variant, false]);
  });

  it('refuses a changed parameter, an added one, a missing header and an empty token', () => {
    const changed = new URLSearchParams(SDK_PARAMS);
    changed.set('Digits', '1235');
    expect(isValidTwilioSignature(TOKEN, URL_, changed, SDK_SIGNATURE)).toBe(false);
    const added = new URLSearchParams(SDK_PARAMS);
    added.append('CallStatus', 'completed');
    expect(isValidTwilioSignature(TOKEN, URL_, added, SDK_SIGNATURE)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL_, SDK_PARAMS, undefined)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL_, SDK_PARAMS, '')).toBe(false);
    const emptyKey = createHmac('sha1', '')
      .update(URL_ + SORTED)
      .digest('base64');
    expect(isValidTwilioSignature('', URL_, SDK_PARAMS, emptyKey)).toBe(false);
  });
});
