import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

const URL_BASE = '/api/v1/credentials';
const NUL = '\u0000';

interface Issue {
  loc: string[];
  msg: string;
  type: string;
}

/** Every bad input is a 422 in the contract's shape, naming where; nothing is stored. */
describe('webhook credentials refuse bad input', () => {
  let t: TestApp;
  let org: TestOrganization;
  const send = (method: 'POST' | 'PUT' | 'GET', path: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${URL_BASE}${path}`,
      headers: {
        ...org.headers,
        ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload as object | string | undefined,
    });
  /** The 422's issues as [loc joined by dots, type]. */
  const refused = async (method: 'POST' | 'PUT' | 'GET', path: string, payload?: unknown) => {
    const response = await send(method, path, payload);
    expect(response.statusCode, response.body).toBe(422);
    const detail = response.json().detail as Issue[];
    expect(Array.isArray(detail)).toBe(true);
    for (const issue of detail)
      expect(issue).toEqual({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
    return detail.map((issue) => [issue.loc.join('.'), issue.type]);
  };
  const body = (data: Record<string, unknown>, type = 'api_key', extra: Record<string, unknown> = {}) => ({
    name: 'CRM',
    credential_type: type,
    credential_data: data,
    ...extra,
  });
  const storedCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('webhook_credentials')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('organization_id', '=', org.organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('missing fields, at the top and inside credential_data', async () => {
    expect(await refused('POST', '/', {})).toEqual(
      expect.arrayContaining([
        ['body.name', 'missing'],
        ['body.credential_type', 'missing'],
        ['body.credential_data', 'missing'],
      ]),
    );
    expect(await refused('POST', '/', body({ header_name: 'X-Key' }))).toEqual([
      ['body.credential_data.api_key', 'missing'],
    ]);
    expect(await refused('POST', '/', body({}, 'basic_auth'))).toEqual([
      ['body.credential_data.username', 'missing'],
      ['body.credential_data.password', 'missing'],
    ]);
  });

  it('an unknown type, Dograh’s `none` included', async () => {
    for (const type of ['oauth2', 'none', 'API_KEY', ''])
      expect(await refused('POST', '/', body({ token: 'abc' }, type))).toEqual([
        ['body.credential_type', 'enum'],
      ]);
  });

  it('wrong JSON types', async () => {
    expect(await refused('POST', '/', { ...body({ header_name: 'X', api_key: 'k' }), name: 5 })).toEqual([
      ['body.name', 'type'],
    ]);
    for (const data of ['x', ['a'], null, 3])
      expect((await refused('POST', '/', body(data as never))).map(([loc]) => loc)).toContain(
        'body.credential_data',
      );
    expect(await refused('POST', '/', body({ header_name: 'X-Key', api_key: 12345 }))).toEqual([
      ['body.credential_data.api_key', 'string_type'],
    ]);
    expect(await refused('POST', '/', body({ header_name: ['X-Key'], api_key: 'k' }))).toEqual([
      ['body.credential_data.header_name', 'string_type'],
    ]);
    expect(
      (await refused('POST', '/', body({ token: 'abc' }, 'bearer_token', { description: 7 }))).map(
        ([loc]) => loc,
      ),
    ).toContain('body.description');
    expect(await refused('POST', '/', '[1,2]')).toEqual([['body', 'type']]);
  });

  it('fields the type does not have, and blank values', async () => {
    expect(await refused('POST', '/', body({ token: 'abc', colour: 'red' }, 'bearer_token'))).toEqual([
      ['body.credential_data.colour', 'extra_forbidden'],
    ]);
    expect(await refused('POST', '/', body({ token: 'abc', provider: 'x' }, 'bearer_token'))).toEqual([
      ['body.credential_data.provider', 'extra_forbidden'],
    ]);
    expect(await refused('POST', '/', body({ token: '   ' }, 'bearer_token'))).toEqual([
      ['body.credential_data.token', 'string_type'],
    ]);
    expect(await refused('POST', '/', { ...body({ token: 'abc' }, 'bearer_token'), name: '   ' })).toEqual([
      ['body.name', 'pattern'],
    ]);
  });

  it('NUL bytes anywhere', async () => {
    expect(
      await refused('POST', '/', { ...body({ token: 'abc' }, 'bearer_token'), name: `CRM${NUL}` }),
    ).toEqual([['body.name', 'string_unicode']]);
    expect(await refused('POST', '/', body({ header_name: 'X-Key', api_key: `k${NUL}ey` }))).toEqual([
      ['body.credential_data.api_key', 'string_unicode'],
    ]);
    expect(await refused('POST', '/', body({ [`tok${NUL}en`]: 'abc' }, 'bearer_token'))).toEqual([
      [`body.credential_data.tok${NUL}en`, 'string_unicode'],
    ]);
  });

  it('huge strings and too many fields', async () => {
    expect(
      await refused('POST', '/', { ...body({ token: 'abc' }, 'bearer_token'), name: 'n'.repeat(201) }),
    ).toEqual([['body.name', 'maxLength']]);
    expect(
      await refused('POST', '/', {
        ...body({ token: 'abc' }, 'bearer_token'),
        description: 'd'.repeat(1001),
      }),
    ).toContainEqual(['body.description', 'maxLength']);
    expect(await refused('POST', '/', body({ header_name: 'X-Key', api_key: 'k'.repeat(4097) }))).toEqual([
      ['body.credential_data.api_key', 'string_too_long'],
    ]);
    expect(await refused('POST', '/', body({ header_name: 'X'.repeat(257), api_key: 'k' }))).toEqual([
      ['body.credential_data.header_name', 'string_too_long'],
    ]);
    const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, 'v']));
    expect(await refused('POST', '/', body(many))).toEqual([['body.credential_data', 'maxProperties']]);
    expect(await refused('POST', '/', body({ header_name: 'X-Key', api_key: 'k'.repeat(500_000) }))).toEqual([
      ['body.credential_data.api_key', 'string_too_long'],
    ]);
    const overLimit = await send(
      'POST',
      '/',
      body({ header_name: 'X-Key', api_key: 'k'.repeat(2 * 1024 * 1024) }),
    );
    expect(overLimit.statusCode).toBe(413);
    expect(overLimit.json().detail).toBe('payload_too_large');
  });

  it('values that cannot travel as the HTTP header they become', async () => {
    for (const name of ['X Key', 'X-Key:', 'X-Käy', 'X-Key\r\nHost: evil'])
      expect(await refused('POST', '/', body({ header_name: name, api_key: 'k' }))).toEqual([
        ['body.credential_data.header_name', 'value_error'],
      ]);
    for (const reserved of ['Host', 'content-length', 'Transfer-Encoding', 'Idempotency-Key'])
      expect(
        await refused('POST', '/', body({ header_name: reserved, header_value: 'v' }, 'custom_header')),
      ).toEqual([['body.credential_data.header_name', 'value_error']]);
    for (const value of ['line\r\nX-Injected: 1', 'caf\u00e9', 'emoji \u{1F600}'])
      expect(await refused('POST', '/', body({ header_name: 'X-Key', api_key: value }))).toEqual([
        ['body.credential_data.api_key', 'value_error'],
      ]);
    expect(await refused('POST', '/', body({ token: 'two words' }, 'bearer_token'))).toEqual([
      ['body.credential_data.token', 'value_error'],
    ]);
    expect(await refused('POST', '/', body({ username: 'a:b', password: 'p' }, 'basic_auth'))).toEqual([
      ['body.credential_data.username', 'value_error'],
    ]);
    expect(await refused('POST', '/', body({ username: 'a', password: 'p\nq' }, 'basic_auth'))).toEqual([
      ['body.credential_data.password', 'value_error'],
    ]);
  });

  it('a credential_uuid that is no uuid, on every route', async () => {
    for (const method of ['GET', 'PUT'] as const)
      expect(await refused(method, '/not-a-uuid', method === 'PUT' ? { name: 'x' } : undefined)).toEqual([
        ['path.credential_uuid', 'format'],
      ]);
    const deleted = await t.app.inject({ method: 'DELETE', url: `${URL_BASE}/12`, headers: org.headers });
    expect(deleted.statusCode).toBe(422);
  });

  it('stored nothing for any of the refused requests', async () => {
    expect(await storedCount()).toBe(0);
  });

  it('refuses bad updates the same way, leaving the stored credential as it was', async () => {
    const created = await send('POST', '/', body({ header_name: 'X-Key', api_key: 'sk_live_1234567890' }));
    expect(created.statusCode).toBe(201);
    const { uuid } = created.json();
    expect(await refused('PUT', `/${uuid}`, { credential_data: { header_name: 'Bad Name' } })).toEqual([
      ['body.credential_data.header_name', 'value_error'],
    ]);
    expect(await refused('PUT', `/${uuid}`, { credential_type: 'none' })).toContainEqual([
      'body.credential_type',
      'enum',
    ]);
    expect(await refused('PUT', `/${uuid}`, { credential_data: { api_key: null } })).toEqual([
      ['body.credential_data.api_key', 'missing'],
    ]);
    expect(await refused('PUT', `/${uuid}`, { name: '' })).toEqual(
      expect.arrayContaining([['body.name', 'minLength']]),
    );
    expect((await send('GET', `/${uuid}`)).json()).toEqual(created.json());
  });
});
