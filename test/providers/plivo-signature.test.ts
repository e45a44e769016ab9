import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isValidPlivoSignature,
  plivoSignatureV3,
  plivoSignedString,
} from '../../providers/plivo/plivo-status';
import { plivoV3 } from './fakes/plivo-fake';

/**
 * Vectors computed outside this code base by following Plivo's SDK construction step by step (plivo-python
 * `construct_get_url` / `construct_post_url` / `get_signature_v3`, which plivo-node's `validateV3Signature`
 * mirrors), with this auth token; each signed string and signature was checked again by running those plivo-python
 * functions themselves on these inputs.
 */
const TOKEN = 'd5f8c3a1b2e4f6a7b8c9d0e1f2a3b4c5d6e7f8a9';

const vectors: Array<{
  name: string;
  method: 'GET' | 'POST';
  url: string;
  params: Array<[string, string]>;
  nonce: string;
  signed: string;
  signature: string;
}> = [
  {
    name: 'a POST without a query (an inbound call): "?" then the sorted parameters',
    method: 'POST',
    url: 'https://voice.example.com/api/v1/telephony/inbound/plivo/7',
    params: [
      ['CallUUID', '9d7f3c1e-0000-4000-8000-000000000001'],
      ['From', '14155550100'],
      ['To', '15005553001'],
      ['Direction', 'inbound'],
    ],
    nonce: '21093648572610492833',
    signed:
      'https://voice.example.com/api/v1/telephony/inbound/plivo/7?CallUUID9d7f3c1e-0000-4000-8000-000000000001DirectioninboundFrom14155550100To15005553001',
    signature: 'NbNgT8k3EaxuxL9M9bM6Af62wRZj5tEyu/dJiYmPK0s=',
  },
  {
    name: 'a POST with a query: the query decoded and sorted, ".", then the parameters',
    method: 'POST',
    url: 'https://voice.example.com/api/v1/telephony/status/plivo/42?token=b%2Bz%3D&attempt=3',
    params: [
      ['RequestUUID', 'req-1'],
      ['CallStatus', 'busy'],
      ['HangupCause', 'USER_BUSY'],
    ],
    nonce: '39485720193847561029',
    signed:
      'https://voice.example.com/api/v1/telephony/status/plivo/42?attempt=3&token=b+z=.CallStatusbusyHangupCauseUSER_BUSYRequestUUIDreq-1',
    signature: 'woLPp8PJ5qFickE/HZyVjEorg34dg9ipnLpkMA4bKHM=',
  },
  {
    name: 'repeated names: values sorted too, in the query and in the parameters',
    method: 'POST',
    url: 'https://voice.example.com/hook?b=2&a=1&a=0',
    params: [
      ['Digits', '5'],
      ['Event', 'Hangup'],
      ['Digits', '1'],
    ],
    nonce: '12345678901234567890',
    signed: 'https://voice.example.com/hook?a=0&a=1&b=2.Digits1Digits5EventHangup',
    signature: 'EGvUkENCxhpcakbQsGWzIG0LdQXWUJKhJ6GCFJOkPQU=',
  },
  {
    name: 'a POST without parameters: the URL with its sorted query only',
    method: 'POST',
    url: 'https://voice.example.com/hook?x=1',
    params: [],
    nonce: '55555555555555555555',
    signed: 'https://voice.example.com/hook?x=1',
    signature: 'NXq25B/YaepiTYOzHbcyFBI9raiDrRlXb/fRPFl50Wk=',
  },
  {
    name: 'a GET (a stream upgrade): port kept, query decoded and sorted',
    method: 'GET',
    url: 'https://voice.example.com:8443/stream?z=last&a=first%20word',
    params: [],
    nonce: '99999999999999999999',
    signed: 'https://voice.example.com:8443/stream?a=first word&z=last',
    signature: 'Ke9QJeMD2kODGOfVsZF4e0h9xzpXyNFR7jze7BTTiiw=',
  },
];

describe("X-Plivo-Signature-V3 follows Plivo's SDK construction", () => {
  it.each(vectors)('$name', ({ method, url, params, nonce, signed, signature }) => {
    const form = new URLSearchParams(params);
    expect(plivoSignedString(url, form, method)).toBe(signed);
    expect(plivoSignatureV3(TOKEN, url, form, nonce, method)).toBe(signature);
  });

  it('accepts any of several comma-separated signatures (rotated tokens) and nothing else', () => {
    const { url, params, nonce, signature } = vectors[1]!;
    const form = new URLSearchParams(params);
    expect(isValidPlivoSignature(TOKEN, url, form, nonce, `c29tZXRoaW5nIGVsc2U=,${signature}`)).toBe(true);
    expect(isValidPlivoSignature(TOKEN, url, form, nonce, signature)).toBe(true);
    expect(isValidPlivoSignature(TOKEN, url, form, '1', signature)).toBe(false);
    expect(isValidPlivoSignature('other-token', url, form, nonce, signature)).toBe(false);
    expect(isValidPlivoSignature(TOKEN, `${url}&extra=1`, form, nonce, signature)).toBe(false);
    form.set('CallStatus', 'completed');
    expect(isValidPlivoSignature(TOKEN, url, form, nonce, signature)).toBe(false);
    expect(isValidPlivoSignature(TOKEN, url, new URLSearchParams(params), nonce, undefined)).toBe(false);
  });
});

describe('X-Plivo-Signature-V3: the fake signs on its own, and wrong constructions are refused', () => {
  it.each(vectors.filter((vector) => vector.method === 'POST'))(
    'the Plivo fake signs $name as Plivo does',
    ({ url, params, nonce, signature }) => {
      expect(plivoV3(TOKEN, url, new URLSearchParams(params), nonce)).toBe(signature);
    },
  );

  it('refuses what a wrong algorithm would send for the same callback', () => {
    const { url, params, nonce, signed } = vectors[1]!;
    const form = new URLSearchParams(params);
    const mac = (data: string, algorithm = 'sha256', encoding: 'base64' | 'hex' = 'base64') =>
      createHmac(algorithm, TOKEN).update(data).digest(encoding);
    expect(mac(`${signed}.${nonce}`)).toBe(vectors[1]!.signature);
    const base = url.slice(0, url.indexOf('?'));
    const wrong = {
      'parameters in the order received': mac(
        `${base}?attempt=3&token=b+z=.${params.map(([name, value]) => name + value).join('')}.${nonce}`,
      ),
      'the query as received (not decoded, not sorted)': mac(
        `${base}?token=b%2Bz%3D&attempt=3.CallStatusbusyHangupCauseUSER_BUSYRequestUUIDreq-1.${nonce}`,
      ),
      'the URL without its query': mac(`${base}?CallStatusbusyHangupCauseUSER_BUSYRequestUUIDreq-1.${nonce}`),
      'the full URL then the parameters (V2 style)': mac(
        `${url}CallStatusbusyHangupCauseUSER_BUSYRequestUUIDreq-1.${nonce}`,
      ),
      'without the nonce': mac(signed),
      'the nonce without its dot': mac(`${signed}${nonce}`),
      'HMAC-SHA1': mac(`${signed}.${nonce}`, 'sha1'),
      'hex instead of base64': mac(`${signed}.${nonce}`, 'sha256', 'hex'),
    };
    for (const [variant, signature] of Object.entries(wrong))
      expect([variant, isValidPlivoSignature(TOKEN, url, form, nonce, signature)]).toEqual([variant, false]);
  });
});
