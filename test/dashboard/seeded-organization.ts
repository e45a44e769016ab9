import type { BrowserContext, Page } from 'playwright-core';
import { insertSimulatorConfiguration } from '../helpers/fixtures';
import { finished, insertRun } from '../runs/fixtures';
import { createAgentThroughApi } from './agents-world';
import { signUpInContext, type DashboardHarness } from './browser';
import { createCampaignThroughApi } from './campaigns-helpers';

/** An organization with one of everything a main page lists, and the address of each of those pages. */
export interface SeededOrganization {
  token: string;
  agentId: number;
  campaignId: number;
  runId: number;
  /** Every main page of the signed-in dashboard, by what it shows, as a path under /app. */
  pages: Array<{ name: string; path: string }>;
}

export const SEEDED_CAMPAIGN_NAME = 'Spring follow-up';
export const SEEDED_AGENT_NAME = 'Appointment reminder';

/** Signs a user up in this browser profile and fills their organization through the API. */
export async function seedOrganization(
  d: DashboardHarness,
  context: BrowserContext,
): Promise<SeededOrganization> {
  const user = await signUpInContext(context, d.h.baseUrl);
  const headers = { authorization: `Bearer ${user.token}` };
  const post = async (url: string, payload: object) => {
    const response = await d.h.app.inject({ method: 'POST', url, headers, payload });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as Record<string, unknown>;
  };
  const agentId = await createAgentThroughApi(d, user.token, SEEDED_AGENT_NAME);
  const configurationId = await insertSimulatorConfiguration(d.h.ctx.db, user.organizationId);
  // Two numbers: the second is not the default caller, so its row offers to make it one.
  for (const address of ['+14155550100', '+14155550101']) {
    await post(`/api/v1/organizations/telephony-configs/${configurationId}/phone-numbers`, { address });
  }
  const campaignId = await createCampaignThroughApi(
    d,
    {
      token: user.token,
      organizationId: user.organizationId,
      agentId,
      agentName: SEEDED_AGENT_NAME,
      configurationId,
      headers,
    },
    { name: SEEDED_CAMPAIGN_NAME, phones: ['+12125550010', '+12125550020'] },
  );
  const runId = await insertRun(
    d.h.ctx.db,
    {
      organization_id: user.organizationId,
      workflow_id: agentId,
      campaign_id: campaignId,
      mode: 'simulator',
      call_type: 'outbound',
      name: 'seeded-run',
      initial_context: { called_number: '+12125550010', first_name: 'Ann' },
      createdAt: '2026-01-01T12:00:00Z',
    },
    finished('interested', 42, 900),
  );
  const tool = await post('/api/v1/tools', {
    name: 'Order lookup',
    description: 'Looks an order up by its number.',
    definition: {
      type: 'http_api',
      config: {
        method: 'GET',
        url: 'https://93.184.216.34/orders/{{order_id}}',
        parameters: [{ name: 'order_id', type: 'string', description: 'The order number.', required: true }],
      },
    },
  });
  const credential = await post('/api/v1/credentials', {
    name: 'CRM',
    credential_type: 'bearer_token',
    credential_data: { token: 'crm-token-5678' },
  });
  const endpoint = await post('/api/v1/organizations/webhooks', {
    url: 'https://93.184.216.34/hooks',
    events: ['run.completed'],
  });
  await post('/api/v1/user/api-keys', { name: 'Reporting' });
  return {
    token: user.token,
    agentId,
    campaignId,
    runId,
    pages: [
      { name: 'agents', path: '/app/agents' },
      { name: 'new agent', path: '/app/agents/new' },
      { name: 'agent editor', path: `/app/agents/${agentId}` },
      { name: 'campaigns', path: '/app/campaigns' },
      { name: 'new campaign', path: '/app/campaigns/new' },
      { name: 'a campaign', path: `/app/campaigns/${campaignId}` },
      { name: 'runs', path: '/app/runs' },
      { name: 'a run', path: `/app/runs/${runId}` },
      { name: 'telephony', path: '/app/telephony' },
      { name: 'phone numbers', path: `/app/telephony/configs/${configurationId}` },
      { name: 'voice configurations', path: '/app/telephony/voice' },
      { name: 'tools', path: '/app/tools' },
      { name: 'new tool', path: '/app/tools/new' },
      { name: 'a tool', path: `/app/tools/${String(tool.tool_uuid)}` },
      { name: 'credentials', path: '/app/credentials' },
      { name: 'a credential', path: `/app/credentials/${String(credential.uuid)}` },
      { name: 'knowledge base', path: '/app/knowledge-base' },
      { name: 'webhooks', path: '/app/webhooks' },
      { name: 'a webhook endpoint', path: `/app/webhooks/${String(endpoint.id)}` },
      { name: 'api keys', path: '/app/api-keys' },
      { name: 'do-not-call list', path: '/app/calling-safety' },
      { name: 'calling rules', path: '/app/calling-safety/rules' },
    ],
  };
}

/** Opens a page and waits until it has drawn: its heading shown, nothing still loading. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  await page.locator('[role="status"]').filter({ hasText: 'Loading' }).first().waitFor({ state: 'detached' });
  // The graph editor is drawn once React Flow has placed its nodes.
  if (await page.getByRole('region', { name: 'Graph editor' }).count()) {
    await page.locator('.react-flow__node').first().waitFor();
  }
}
