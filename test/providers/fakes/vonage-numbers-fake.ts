/**
 * The Numbers API of the Vonage fake (rest.nexmo.com): `/account/numbers` and `/number/update`, with `api_key` and
 * `api_secret` as HTTP basic authentication, answering with `error-code` / `error-code-label`. Vonage also takes them
 * as request parameters; this fake refuses that, so a secret sent in a URL fails the tests.
 */
import type { FakeRequest, HttpFake } from './http-fake';

/** Routes the Numbers API on `http`; `linked` (msisdn → app_id) is shared with the rest of the fake. */
export function routeVonageNumbers(
  http: HttpFake,
  options: {
    apiKey: string;
    apiSecret: string;
    owned: Array<{ msisdn: string; country: string }>;
    linked: Map<string, string>;
  },
): { failLinks(message: string | null): void } {
  const { apiKey, apiSecret, linked } = options;
  const ownedNumbers = new Map(options.owned.map((n) => [n.msisdn, n]));
  let linkError: string | null = null;
  const numbersLabel = (code: string, label: string) => ({
    status: Number(code),
    body: { 'error-code': code, 'error-code-label': label },
  });
  const withKeyAndSecret =
    (
      handler: (
        request: FakeRequest,
        params: URLSearchParams,
      ) => ReturnType<Parameters<HttpFake['route']>[2]>,
    ) =>
    (request: FakeRequest) => {
      const form =
        request.method === 'POST'
          ? String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')
            ? new URLSearchParams(request.rawBody)
            : null
          : new URLSearchParams();
      if (!form) return numbersLabel('400', 'unsupported content type');
      const params = new URLSearchParams([...request.query, ...form]);
      const basic = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
      if (request.headers.authorization !== basic || params.has('api_secret'))
        return numbersLabel('401', 'authentication failed');
      return handler(request, params);
    };
  http.route(
    'GET',
    '/account/numbers',
    withKeyAndSecret((_request, params) => {
      const pattern = params.get('pattern') ?? '';
      const mode = params.get('search_pattern') ?? '0';
      const matches = [...ownedNumbers.values()].filter((n) =>
        mode === '0'
          ? n.msisdn.startsWith(pattern)
          : mode === '2'
            ? n.msisdn.endsWith(pattern)
            : n.msisdn.includes(pattern),
      );
      return {
        status: 200,
        body: {
          count: matches.length,
          numbers: matches.map((n) => ({
            ...n,
            type: 'mobile-lvn',
            features: ['VOICE', 'SMS'],
            ...(linked.has(n.msisdn) ? { app_id: linked.get(n.msisdn) } : {}),
          })),
        },
      };
    }),
  );
  http.route(
    'POST',
    '/number/update',
    withKeyAndSecret((_request, params) => {
      const msisdn = params.get('msisdn');
      const country = params.get('country');
      if (!msisdn || !country)
        return numbersLabel('420', 'Missing parameter: country and msisdn are required');
      if (linkError) return numbersLabel('420', linkError);
      if (ownedNumbers.get(msisdn)?.country !== country)
        return numbersLabel('420', 'Number not found in your account');
      const appId = params.get('app_id');
      if (appId) linked.set(msisdn, appId);
      else linked.delete(msisdn);
      return numbersLabel('200', 'success');
    }),
  );

  return { failLinks: (message) => (linkError = message) };
}
