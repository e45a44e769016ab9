import { generateApiKey, hashToken } from '../../credentials/tokens';
import type { TestApp } from '../helpers/context';
import type { TestOrganization } from '../helpers/organizations';
import { validDefinition } from './fixtures';

/** Small HTTP helpers for the agent tests. */
export function agentClient(t: TestApp, org: TestOrganization) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1/workflow${url}`, headers: org.headers, payload: payload as object });
  return {
    call,
    async create(body: Record<string, unknown> = {}) {
      const response = await call('POST', '/create/definition', {
        name: 'Reminder agent',
        workflow_definition: validDefinition(),
        ...body,
      });
      if (response.statusCode !== 201)
        throw new Error(`create failed: ${response.statusCode} ${response.body}`);
      return response.json();
    },
  };
}

/** Writes runs of an agent straight to the table, as the engine will. */
export async function insertRuns(t: TestApp, organizationId: number, agentId: number, count: number) {
  await t.ctx.db
    .insertInto('runs')
    .values(
      Array.from({ length: count }, (_, i) => ({
        organization_id: organizationId,
        workflow_id: agentId,
        name: `run-${i}`,
        mode: 'simulator',
        call_type: 'outbound' as const,
      })),
    )
    .execute();
}

/** A second, read-only API key of an existing organization. */
export async function readOnlyKeyOf(t: TestApp, organizationId: number): Promise<TestOrganization> {
  const apiKey = generateApiKey();
  await t.ctx.db
    .insertInto('api_keys')
    .values({
      organization_id: organizationId,
      name: 'read-only',
      key_prefix: apiKey.slice(0, 8),
      key_hash: hashToken(apiKey),
      scopes: ['read'],
    })
    .execute();
  return { organizationId, apiKey, headers: { 'x-api-key': apiKey } };
}
