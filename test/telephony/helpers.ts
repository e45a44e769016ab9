import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { CampaignState } from '../../db/database';

export const CONFIGS = '/api/v1/organizations/telephony-configs';

export const twilioConfig = (overrides: Record<string, unknown> = {}) => ({
  provider: 'twilio',
  account_sid: 'AC0123456789abcdef0123456789abcdef',
  auth_token: 'twilio-auth-token-secret-9f3a',
  ...overrides,
});

/** Creates a configuration through the API and answers its body (throws on anything but 201). */
export async function createConfiguration(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: Record<string, unknown> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: CONFIGS,
    headers,
    payload: { name: `config-${randomUUID().slice(0, 8)}`, config: { provider: 'simulator' }, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; name: string; credentials: Record<string, unknown> };
}

/** An agent row written straight to the database (the agents API is tested on its own). */
export async function insertAgent(db: Db, organizationId: number, status: 'active' | 'archived' = 'active') {
  const row = await db
    .insertInto('agents')
    .values({ organization_id: organizationId, name: `agent-${randomUUID().slice(0, 8)}`, status })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return row;
}

/** A campaign row in the given state that uses the configuration. */
export async function insertCampaign(
  db: Db,
  organizationId: number,
  configurationId: number,
  state: CampaignState,
) {
  const agent = await insertAgent(db, organizationId);
  return db
    .insertInto('campaigns')
    .values({
      organization_id: organizationId,
      workflow_id: agent.id,
      telephony_configuration_id: configurationId,
      name: 'campaign',
      state,
      source_type: 'csv',
      source_id: 'campaigns/x/contacts.csv',
      retry_config: {},
      max_concurrency: 10,
      schedule_config: {},
      circuit_breaker: {},
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
