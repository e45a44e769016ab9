import type { Db } from '../../db/client';

/** Rows straight into the database, for tests of one layer without going through another's API. */

export async function insertAgent(
  db: Db,
  organizationId: number,
  options: { name?: string; status?: 'active' | 'archived' } = {},
) {
  const agent = await db
    .insertInto('agents')
    .values({
      organization_id: organizationId,
      name: options.name ?? 'Test agent',
      status: options.status ?? 'active',
      template_context_variables: {},
      workflow_configurations: {},
      call_disposition_codes: { disposition_codes: [] },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const definition = await db
    .insertInto('agent_definitions')
    .values({
      agent_id: agent.id,
      version_number: 1,
      status: 'published',
      workflow_definition: { nodes: [], edges: [] },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('agents')
    .set({ current_definition_id: definition.id })
    .where('id', '=', agent.id)
    .execute();
  return { agentId: agent.id, definitionId: definition.id };
}

export async function insertSimulatorConfiguration(
  db: Db,
  organizationId: number,
  config: Record<string, unknown> = {},
) {
  const row = await db
    .insertInto('telephony_configurations')
    .values({
      organization_id: organizationId,
      name: `simulator-${Math.random().toString(36).slice(2, 8)}`,
      provider: 'simulator',
      config: { provider: 'simulator', ring_seconds: 0.2, talk_seconds: 0.2, ...config },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const DEFAULT_RETRY = {
  enabled: true,
  max_retries: 2,
  retry_delay_seconds: 120,
  retry_on_busy: true,
  retry_on_no_answer: true,
  retry_on_voicemail: false,
};

export async function insertCampaign(
  db: Db,
  input: {
    organizationId: number;
    agentId: number;
    configurationId: number;
    retry?: Partial<typeof DEFAULT_RETRY>;
    state?: 'created' | 'running';
  },
) {
  const row = await db
    .insertInto('campaigns')
    .values({
      organization_id: input.organizationId,
      workflow_id: input.agentId,
      telephony_configuration_id: input.configurationId,
      name: 'Test campaign',
      state: input.state ?? 'running',
      source_type: 'csv',
      source_id: `campaigns/${input.organizationId}/test/contacts.csv`,
      retry_config: { ...DEFAULT_RETRY, ...input.retry },
      max_concurrency: 10,
      schedule_config: { enabled: false, timezone: 'UTC', slots: [], contact_timezone: 'campaign' },
      circuit_breaker: {
        enabled: false,
        failure_threshold: 0.5,
        window_seconds: 120,
        min_calls_in_window: 5,
      },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertContact(
  db: Db,
  input: { campaignId: number; organizationId: number; phoneNumber: string; rowNumber: number },
) {
  const row = await db
    .insertInto('contacts')
    .values({
      campaign_id: input.campaignId,
      organization_id: input.organizationId,
      row_number: input.rowNumber,
      phone_number: input.phoneNumber,
      initial_context: { phone_number: input.phoneNumber },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An attempt in `placing` with its run, as the engine's claim leaves it just before it dials. */
export async function insertPlacingAttempt(
  db: Db,
  input: {
    organizationId: number;
    agentId: number;
    campaignId: number;
    contactId: number;
    configurationId: number;
    phoneNumber: string;
    run?: { name?: string; definitionId?: number | null; initialContext?: Record<string, unknown> };
  },
): Promise<{ runId: number; attemptId: number }> {
  const run = await db
    .insertInto('runs')
    .values({
      organization_id: input.organizationId,
      workflow_id: input.agentId,
      definition_id: input.run?.definitionId ?? null,
      campaign_id: input.campaignId,
      name: input.run?.name ?? 'r',
      mode: 'simulator',
      call_type: 'outbound',
      ...(input.run?.initialContext ? { initial_context: JSON.stringify(input.run.initialContext) } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const attempt = await db
    .insertInto('attempts')
    .values({
      organization_id: input.organizationId,
      campaign_id: input.campaignId,
      contact_id: input.contactId,
      attempt_number: 1,
      state: 'placing',
      phone_number: input.phoneNumber,
      telephony_configuration_id: input.configurationId,
      provider: 'simulator',
      run_id: run.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { runId: run.id, attemptId: attempt.id };
}
