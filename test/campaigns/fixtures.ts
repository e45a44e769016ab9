import { contactSourceKey } from '../../storage/contact-sources';
import type { TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

/** An organization ready to create campaigns: an agent, a default outbound configuration and an uploaded CSV. */
export interface CampaignFixture extends TestOrganization {
  agentId: number;
  configurationId: number;
  sourceId: string;
}

export const SAMPLE_CSV = 'phone_number,first_name\n+14155550100,Ada\n+14155550101,Grace\n';

export async function createAgent(t: TestApp, organizationId: number, name = 'Sales agent') {
  const agent = await t.ctx.db
    .insertInto('agents')
    .values({ organization_id: organizationId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return agent.id;
}

export async function createConfiguration(
  t: TestApp,
  organizationId: number,
  options: { name?: string; isDefault?: boolean } = {},
) {
  const configuration = await t.ctx.db
    .insertInto('telephony_configurations')
    .values({
      organization_id: organizationId,
      name: options.name ?? 'Simulator',
      provider: 'simulator',
      is_default_outbound: options.isDefault ?? true,
      config: JSON.stringify({ provider: 'simulator' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return configuration.id;
}

export async function uploadSource(t: TestApp, organizationId: number, csv: string | Buffer = SAMPLE_CSV) {
  const key = contactSourceKey(organizationId, 'contacts.csv');
  await t.ctx.storage.putObject({ key, body: csv, contentType: 'text/csv' });
  return key;
}

export async function campaignFixture(
  t: TestApp,
  options: { scopes?: string[] } = {},
): Promise<CampaignFixture> {
  const organization = await createTestOrganization(t.ctx.db, options);
  const agentId = await createAgent(t, organization.organizationId);
  const configurationId = await createConfiguration(t, organization.organizationId);
  const sourceId = await uploadSource(t, organization.organizationId);
  return { ...organization, agentId, configurationId, sourceId };
}

/** A create body for the fixture, with `overrides` laid over it. */
export function createBody(fixture: CampaignFixture, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Spring outreach',
    workflow_id: fixture.agentId,
    source_type: 'csv',
    source_id: fixture.sourceId,
    ...overrides,
  };
}

/** Creates a campaign through the API and returns its body. */
export async function createCampaign(
  t: TestApp,
  fixture: CampaignFixture,
  overrides: Record<string, unknown> = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaign/create',
    headers: fixture.headers,
    payload: createBody(fixture, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; state: string; [key: string]: unknown };
}
