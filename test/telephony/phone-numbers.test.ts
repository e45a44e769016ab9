import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDefaultCallerNumber } from '../../db/repositories/phone-numbers';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { CONFIGS, createConfiguration, insertAgent } from './helpers';

describe('phone numbers', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let configId: number;
  let numbers: string;
  let n = 0;
  /** A fresh valid US number per call, so tests do not collide on the organization-wide uniqueness. */
  const nextNumber = () => `+1415555${String(1000 + n++).padStart(4, '0')}`;

  const add = async (body: Record<string, unknown>, url = numbers, headers = org.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: body });
  const update = (id: number, payload: Record<string, unknown>, headers = org.headers) =>
    t.app.inject({ method: 'PUT', url: `${numbers}/${id}`, headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    other = await createTestOrganization(t.ctx.db);
    configId = (await createConfiguration(t.app, org.headers)).id;
    numbers = `${CONFIGS}/${configId}/phone-numbers`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds a national number normalised to E.164 with every field of the spec', async () => {
    const response = await add({
      address: '(415) 555-2671',
      label: ' Front desk ',
      extra_metadata: { sid: 'PN1' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'telephony_configuration_id',
        'address',
        'address_normalized',
        'address_type',
        'country_code',
        'label',
        'inbound_workflow_id',
        'inbound_workflow_name',
        'is_active',
        'is_default_caller_id',
        'extra_metadata',
        'created_at',
        'updated_at',
        'provider_sync',
      ].sort(),
    );
    expect(body).toMatchObject({
      telephony_configuration_id: configId,
      address: '(415) 555-2671',
      address_normalized: '+14155552671',
      address_type: 'pstn',
      country_code: 'US',
      label: 'Front desk',
      inbound_workflow_id: null,
      inbound_workflow_name: null,
      is_active: true,
      is_default_caller_id: false,
      extra_metadata: { sid: 'PN1' },
      provider_sync: null,
    });
  });

  it('reads national numbers with country_code and keeps SIP addresses as lowercase URIs', async () => {
    const uk = await add({ address: '020 7946 0958', country_code: 'gb' });
    expect(uk.json()).toMatchObject({ address_normalized: '+442079460958', country_code: 'GB' });
    const sip = await add({ address: 'sip:Reception@PBX.Example.com' });
    expect(sip.json()).toMatchObject({
      address: 'sip:Reception@PBX.Example.com',
      address_normalized: 'sip:reception@pbx.example.com',
      address_type: 'sip',
    });
  });

  it('refuses an invalid number, an unknown region and a malformed SIP URI with a 422', async () => {
    for (const [body, loc] of [
      [{ address: '12345' }, 'body.address'],
      [{ address: '+1 415 555 2671', country_code: 'XX' }, 'body.country_code'],
      [{ address: 'sip:two words@example.com' }, 'body.address'],
    ] as const) {
      const response = await add(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().detail[0].loc.join('.')).toBe(loc);
    }
  });

  it('refuses the same address twice in one organization, even written differently or in another configuration', async () => {
    const address = nextNumber();
    expect((await add({ address })).statusCode).toBe(201);
    const secondConfig = (await createConfiguration(t.app, org.headers)).id;
    const duplicate = await add(
      { address: address.replace('+1', '1 ').replace(/(\d{3})(\d{4})$/, '$1-$2') },
      `${CONFIGS}/${secondConfig}/phone-numbers`,
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ detail: 'phone_number_already_exists' });
    const otherConfig = (await createConfiguration(t.app, other.headers)).id;
    const elsewhere = await add({ address }, `${CONFIGS}/${otherConfig}/phone-numbers`, other.headers);
    expect(elsewhere.statusCode).toBe(201);
  });

  it('lists and gets numbers, and hides every path of another organization behind a 404', async () => {
    const created = (await add({ address: nextNumber() })).json();
    const list = await t.app.inject({ method: 'GET', url: numbers, headers: org.headers });
    expect((list.json().phone_numbers as Array<{ id: number }>).map((p) => p.id)).toContain(created.id);
    const got = await t.app.inject({ method: 'GET', url: `${numbers}/${created.id}`, headers: org.headers });
    expect(got.json()).toMatchObject({ id: created.id, address_normalized: created.address_normalized });

    const requests = [
      { method: 'GET', url: numbers },
      { method: 'POST', url: numbers, payload: { address: nextNumber() } },
      { method: 'GET', url: `${numbers}/${created.id}` },
      { method: 'PUT', url: `${numbers}/${created.id}`, payload: { label: 'x' } },
      { method: 'DELETE', url: `${numbers}/${created.id}` },
      { method: 'POST', url: `${numbers}/${created.id}/set-default-caller` },
    ] as const;
    for (const request of requests) {
      const response = await t.app.inject({ ...request, headers: other.headers });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'telephony_configuration_not_found' });
    }
    // The other organization's own configuration does not open our number either.
    const theirConfig = (await createConfiguration(t.app, other.headers)).id;
    const theirNumbers = `${CONFIGS}/${theirConfig}/phone-numbers/${created.id}`;
    for (const [method, url] of [
      ['GET', theirNumbers],
      ['PUT', theirNumbers],
      ['DELETE', theirNumbers],
      ['POST', `${theirNumbers}/set-default-caller`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: other.headers,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'phone_number_not_found' });
    }
    // And a number of this organization is not reachable under another of its configurations.
    const sibling = (await createConfiguration(t.app, org.headers)).id;
    const wrongParent = await t.app.inject({
      method: 'GET',
      url: `${CONFIGS}/${sibling}/phone-numbers/${created.id}`,
      headers: org.headers,
    });
    expect(wrongParent.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${numbers}/${created.id}`, headers: org.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('updates label, activation and metadata, refuses a new address, and leaves a no-op untouched', async () => {
    const created = (await add({ address: nextNumber(), label: 'old' })).json();
    const same = await update(created.id, { ...created, address: created.address_normalized });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(created);
    const changed = await update(created.id, { label: 'new', is_active: false, extra_metadata: { a: 1 } });
    expect(changed.json()).toMatchObject({
      label: 'new',
      is_active: false,
      extra_metadata: { a: 1 },
      provider_sync: null,
    });
    expect(changed.json().updated_at).not.toBe(created.updated_at);
    // Stored as answered: read back, the number carries the new fields and nothing else changed.
    const readBack = await t.app.inject({
      method: 'GET',
      url: `${numbers}/${created.id}`,
      headers: org.headers,
    });
    expect(readBack.json()).toEqual({
      ...created,
      label: 'new',
      is_active: false,
      extra_metadata: { a: 1 },
      updated_at: changed.json().updated_at,
      provider_sync: null,
    });
    const moved = await update(created.id, { address: nextNumber() });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().detail[0].loc).toEqual(['body', 'address']);
  });

  it('binds an active agent, reports the provider sync, keeps it on null, and unbinds on clear_inbound_workflow', async () => {
    const agent = await insertAgent(t.ctx.db, org.organizationId);
    const created = (await add({ address: nextNumber(), inbound_workflow_id: agent.id })).json();
    expect(created).toMatchObject({ inbound_workflow_id: agent.id, inbound_workflow_name: agent.name });
    expect(created.provider_sync).toMatchObject({ ok: true });
    const untouched = await update(created.id, { inbound_workflow_id: null });
    expect(untouched.json()).toMatchObject({ inbound_workflow_id: agent.id, provider_sync: null });
    const cleared = await update(created.id, { clear_inbound_workflow: true });
    expect(cleared.json()).toMatchObject({ inbound_workflow_id: null, inbound_workflow_name: null });
    expect(cleared.json().provider_sync).toMatchObject({ ok: true });
    const rebound = await update(created.id, { inbound_workflow_id: agent.id });
    expect(rebound.json()).toMatchObject({ inbound_workflow_id: agent.id, provider_sync: { ok: true } });
    const both = await update(created.id, { inbound_workflow_id: agent.id, clear_inbound_workflow: true });
    expect(both.statusCode).toBe(422);
    expect(
      both.json().detail.map((issue: { loc: string[]; type: string }) => [issue.loc, issue.type]),
    ).toEqual([[['body', 'inbound_workflow_id'], 'value_error']]);
  });

  it('refuses an agent of another organization (400) and an archived agent (409)', async () => {
    const foreign = await insertAgent(t.ctx.db, other.organizationId);
    const archived = await insertAgent(t.ctx.db, org.organizationId, 'archived');
    const created = (await add({ address: nextNumber() })).json();
    for (const [agentId, status, detail] of [
      [foreign.id, 400, 'workflow_not_found'],
      [archived.id, 409, 'workflow_archived'],
    ] as const) {
      const onCreate = await add({ address: nextNumber(), inbound_workflow_id: agentId });
      expect(onCreate.statusCode).toBe(status);
      expect(onCreate.json()).toMatchObject({ detail });
      const onUpdate = await update(created.id, { inbound_workflow_id: agentId });
      expect(onUpdate.statusCode).toBe(status);
      expect(onUpdate.json()).toMatchObject({ detail });
    }
  });

  it('saves the binding of a real provider even when the provider cannot be updated', async () => {
    // An ARI endpoint nobody listens on: whether the adapter exists yet or not, the vendor is not updated.
    const ari = await createConfiguration(t.app, org.headers, {
      config: { provider: 'ari', ari_endpoint: 'http://127.0.0.1:1', app_name: 'agents', app_password: 'pw' },
    });
    const agent = await insertAgent(t.ctx.db, org.organizationId);
    const url = `${CONFIGS}/${ari.id}/phone-numbers`;
    const response = await add({ address: nextNumber(), inbound_workflow_id: agent.id }, url);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      inbound_workflow_id: agent.id,
      provider_sync: {
        ok: false,
        message: 'inbound webhook sync failed: ari unreachable: connect ECONNREFUSED 127.0.0.1:1',
      },
    });
    const stored = await t.app.inject({
      method: 'GET',
      url: `${url}/${response.json().id}`,
      headers: org.headers,
    });
    expect(stored.json()).toMatchObject({ inbound_workflow_id: agent.id, provider_sync: null });
  });

  it('keeps one default caller per configuration, also under 20 concurrent requests', async () => {
    const config = (await createConfiguration(t.app, org.headers)).id;
    const url = `${CONFIGS}/${config}/phone-numbers`;
    const first = (await add({ address: nextNumber(), is_default_caller_id: true }, url)).json();
    const second = (await add({ address: nextNumber(), is_default_caller_id: true }, url)).json();
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}/${first.id}`, headers: org.headers })).json()
        .is_default_caller_id,
    ).toBe(false);
    expect((await findDefaultCallerNumber(t.ctx.db, config))?.id).toBe(second.id);

    const many = await Promise.all(
      Array.from({ length: 20 }, async () => (await add({ address: nextNumber() }, url)).json()),
    );
    const claims = await Promise.all(
      many.map((number) =>
        t.app.inject({ method: 'POST', url: `${url}/${number.id}/set-default-caller`, headers: org.headers }),
      ),
    );
    expect(claims.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const creates = await Promise.all(
      Array.from({ length: 20 }, () => add({ address: nextNumber(), is_default_caller_id: true }, url)),
    );
    expect(creates.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const list = (await t.app.inject({ method: 'GET', url, headers: org.headers })).json()
      .phone_numbers as Array<{
      is_default_caller_id: boolean;
    }>;
    expect(list.filter((number) => number.is_default_caller_id)).toHaveLength(1);
  });

  it('deletes a number, unbinding it at the provider first', async () => {
    const agent = await insertAgent(t.ctx.db, org.organizationId);
    const created = (await add({ address: nextNumber(), inbound_workflow_id: agent.id })).json();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${numbers}/${created.id}`,
      headers: org.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: created.id, provider_sync: { ok: true } });
    const gone = await t.app.inject({ method: 'GET', url: `${numbers}/${created.id}`, headers: org.headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ detail: 'phone_number_not_found' });
  });

  it('deletes the numbers of a configuration with it', async () => {
    const config = (await createConfiguration(t.app, org.headers)).id;
    const created = (await add({ address: nextNumber() }, `${CONFIGS}/${config}/phone-numbers`)).json();
    await t.app.inject({ method: 'DELETE', url: `${CONFIGS}/${config}`, headers: org.headers });
    const row = await t.ctx.db
      .selectFrom('phone_numbers')
      .select('id')
      .where('id', '=', created.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
