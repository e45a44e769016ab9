import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ariConnectionOf } from '../../providers/ari/ari-client';
import { startAriFake, type AriFake } from './fakes/ari-fake';

/**
 * ARI authenticates every request, the events WebSocket included, with HTTP basic authentication of the ari.conf
 * user (our `app_name`) and its password. Vectors from RFC 7617 (section 2: Aladdin / open sesame; section 2.1:
 * test / 123£ in UTF-8), not from this code base.
 */
const connection = (app: string, password: string) =>
  ariConnectionOf(
    { ari_endpoint: 'http://pbx.example.com:8088/', app_name: app },
    { app_password: password },
  );

describe('ARI credentials are sent as RFC 7617 basic authentication, and the ARI fake checks them on its own', () => {
  let fake: AriFake;
  beforeAll(async () => {
    fake = await startAriFake({ app: 'Aladdin', password: 'open sesame' });
  });
  afterAll(async () => {
    await fake.close();
  });

  it("sends RFC 7617's own headers, in UTF-8, and no password in the events URL", () => {
    expect(connection('Aladdin', 'open sesame').authorization).toBe('Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==');
    expect(connection('test', '123£').authorization).toBe('Basic dGVzdDoxMjPCow==');
    const { eventsUrl, restUrl } = connection('Aladdin', 'open sesame');
    expect(eventsUrl).toBe('ws://pbx.example.com:8088/ari/events?app=Aladdin');
    expect(restUrl).toBe('http://pbx.example.com:8088/ari');
  });

  it('the fake accepts that header and refuses wrong encodings of the same credentials', async () => {
    const get = (authorization: string | undefined, query = '') =>
      fetch(`${fake.url}/ari/channels/none${query}`, {
        headers: authorization === undefined ? {} : { authorization },
      }).then((response) => response.status);
    const right = connection('Aladdin', 'open sesame').authorization;
    expect(await get(right)).toBe(404);
    const wrong = {
      'no header': undefined,
      'password in api_key only': undefined,
      'without the scheme': right.replace('Basic ', ''),
      'user and password swapped': `Basic ${Buffer.from('open sesame:Aladdin').toString('base64')}`,
      'base64url of user:password': `Basic ${Buffer.from('Aladdin:open sesame').toString('base64url')}`,
      'Bearer password': 'Bearer open sesame',
    };
    for (const [variant, authorization] of Object.entries(wrong)) {
      const query = variant.includes('api_key') ? '?api_key=Aladdin:open%20sesame' : '';
      expect([variant, await get(authorization, query)]).toEqual([variant, 401]);
    }
    expect(await get(right, '?api_key=Aladdin:open%20sesame')).toBe(401);
  });
});
