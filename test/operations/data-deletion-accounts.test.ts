import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCampaignWorkflow } from '../../client/campaigns';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertCampaign, insertSimulatorConfiguration } from '../helpers/fixtures';
import { insertFinishedCall, s3Keys } from './data-lifecycle-fixtures';
import { uniqueClientAddress } from '../auth/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Account {
  userId: number;
  organizationId: number;
  headers: { authorization: string };
}

async function signup(): Promise<Account> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    // An address of its own: the suite's one database throttles signups per client address.
    remoteAddress: uniqueClientAddress(),
    payload: { email: `${randomUUID()}@example.com`, password: 'a long password', organization_name: 'Org' },
  });
  expect(response.statusCode).toBe(201);
  const body = response.json();
  return {
    userId: body.user.id,
    organizationId: body.organization.id,
    headers: { authorization: `Bearer ${body.token}` },
  };
}

const join = (account: Account, organizationId: number, role: string) =>
  t.ctx.db
    .insertInto('memberships')
    .values({ organization_id: organizationId, user_id: account.userId, role })
    .execute();

const exists = async (table: 'users' | 'organizations', id: number) =>
  (await t.ctx.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

async function apiKeyOf(account: Account): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/api-keys',
    headers: account.headers,
    payload: { name: 'k' },
  });
  return { 'x-api-key': response.json().api_key };
}

describe('DELETE /organizations', () => {
  it('deletes the organization with everything in it, stops its running campaign and keeps users of other organizations', async () => {
    const owner = await signup();
    const elsewhere = await signup();
    await join(elsewhere, owner.organizationId, 'member');
    const { organizationId } = owner;
    const { agentId } = await insertAgent(t.ctx.db, organizationId);
    const configurationId = await insertSimulatorConfiguration(t.ctx.db, organizationId);
    const campaignId = await insertCampaign(t.ctx.db, { organizationId, agentId, configurationId });
    const call = await insertFinishedCall(t, {
      organizationId,
      agentId,
      campaignId,
      contactId: null,
      phoneNumber: '+12125550160',
      configurationId,
    });
    const upload = `campaigns/${organizationId}/${randomUUID()}/contacts.csv`;
    await t.ctx.storage.putObject({ key: upload, body: 'phone_number\n', contentType: 'text/csv' });
    // A campaign workflow that runs (no worker polls this test's queue: it stays running until stopped).
    await startCampaignWorkflow(t.ctx.temporal, { campaignId, organizationId });
    const key = await apiKeyOf(owner);

    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/organizations', headers: key })).statusCode,
    ).toBe(403);
    const asMember = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/organizations',
      headers: elsewhere.headers,
    });
    expect(asMember.statusCode).toBe(200); // its session is for its own organization, which it owns
    expect(await exists('organizations', elsewhere.organizationId)).toBe(false);
    expect(await exists('users', elsewhere.userId)).toBe(true); // still a member of the owner's organization

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/organizations',
      headers: owner.headers,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: organizationId, deleted: { campaigns: 1, runs: 1, users: 2 } });
    expect(await exists('organizations', organizationId)).toBe(false);
    expect(await exists('users', owner.userId)).toBe(false);
    expect(await exists('users', elsewhere.userId)).toBe(false); // it belonged to no other organization by then
    expect(await s3Keys(`runs/${organizationId}/`)).toEqual([]);
    expect(await s3Keys(`campaigns/${organizationId}/`)).toEqual([]);
    // The simulator's record of the call names the configuration without a foreign key: it goes explicitly.
    const simulatorCalls = await t.ctx.db
      .selectFrom('simulator_calls')
      .select('id')
      .where('telephony_configuration_id', '=', configurationId)
      .execute();
    expect(simulatorCalls).toEqual([]);
    expect(call.keys).toHaveLength(2);
    const workflow = await t.ctx.temporal.client.workflow.getHandle(`campaign-${campaignId}`).describe();
    expect(workflow.status.name).toBe('TERMINATED');
    expect((await t.app.inject({ url: '/api/v1/auth/me', headers: owner.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/campaign/', headers: key })).statusCode).toBe(401);
  });

  it('refuses a member who is not an owner (403)', async () => {
    const owner = await signup();
    const member = await signup();
    await t.ctx.db.deleteFrom('memberships').where('user_id', '=', member.userId).execute();
    await t.ctx.db.deleteFrom('organizations').where('id', '=', member.organizationId).execute();
    await join(member, owner.organizationId, 'member');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: {
        email: (
          await t.ctx.db
            .selectFrom('users')
            .select('email')
            .where('id', '=', member.userId)
            .executeTakeFirstOrThrow()
        ).email,
        password: 'a long password',
      },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/organizations', headers });
    expect(response.statusCode).toBe(403);
    expect(await exists('organizations', owner.organizationId)).toBe(true);
  });
});

describe('DELETE /user', () => {
  it('refuses the last owner of an organization with other members (409), and an API key (403)', async () => {
    const owner = await signup();
    const member = await signup();
    await join(member, owner.organizationId, 'member');
    const refused = await t.app.inject({ method: 'DELETE', url: '/api/v1/user', headers: owner.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('last_owner');
    const withKey = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user',
      headers: await apiKeyOf(owner),
    });
    expect(withKey.statusCode).toBe(403);
    expect(await exists('users', owner.userId)).toBe(true);
  });

  it('deletes the user and the organizations only they belong to, leaving shared ones', async () => {
    const owner = await signup();
    const member = await signup();
    await join(member, owner.organizationId, 'member');
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/user', headers: member.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: member.userId, deleted_organization_ids: [member.organizationId] });
    expect(await exists('users', member.userId)).toBe(false);
    expect(await exists('organizations', member.organizationId)).toBe(false);
    expect(await exists('organizations', owner.organizationId)).toBe(true);
  });
});
