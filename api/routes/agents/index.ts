import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { withConfigurationDefaults } from '../../../agents/settings';
import { validateAgentDefinition } from '../../../agents/validate-graph';
import { pauseCampaignsOfArchivedAgent } from '../../../campaigns/agent-archived';
import {
  createAgent,
  findAgent,
  listAgents,
  setAgentStatus,
  updateAgent,
  type AgentStatus,
} from '../../../db/repositories/agents';
import { findAgentVersion, listAgentVersions } from '../../../db/repositories/agent-definitions';
import { findVoiceConfiguration } from '../../../db/repositories/voice-configurations';
import type { Db } from '../../../db/client';
import { notFound, referenceNotFound, validationError } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { errorResponses } from '../auth/schemas';
import { presentAgent, presentVersion } from './present';
import {
  AgentBody,
  AgentParams,
  AgentStatusBody,
  AgentSummaryBody,
  CreateAgentBody,
  ListAgentsQuery,
  UpdateAgentBody,
  ValidationErrorBody,
  VersionBody,
  VersionParams,
  VersionsBody,
  VersionsQuery,
} from './schemas';

const tags = ['agents'];
const invalid = { 422: ValidationErrorBody };

/** Throws one 422 listing every problem of an agent definition sent in the body. */
function assertValidDefinition(definition: unknown): void {
  const problems = validateAgentDefinition(definition);
  if (problems.length === 0) return;
  throw validationError(problems.map((p) => ({ ...p, loc: ['body', 'workflow_definition', ...p.loc] })));
}

/** A voice configuration the agent names must be one of its organization's (422 otherwise, at its key). */
async function assertOwnVoiceConfig(
  db: Db,
  organizationId: number,
  configurations: { voice_config_id?: number | null } | undefined,
): Promise<void> {
  const id = configurations?.voice_config_id;
  if (typeof id !== 'number' || (await findVoiceConfiguration(db, organizationId, id))) return;
  throw referenceNotFound('voice_configuration');
}

async function loadAgent(db: Db, organizationId: number, agentId: number) {
  const agent = await findAgent(db, organizationId, agentId);
  if (!agent) throw notFound('agent');
  return presentAgent(agent);
}

/** Agents (workflows) with versioned definitions, under `/api/v1/workflow`. */
const agentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/create/definition',
    {
      schema: {
        tags,
        summary: 'Create an agent from an explicit definition (version 1, published)',
        body: CreateAgentBody,
        response: { 201: AgentBody, ...invalid, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      assertValidDefinition(body.workflow_definition);
      await assertOwnVoiceConfig(db, caller.organizationId, body.workflow_configurations);
      const id = await createAgent(db, caller.organizationId, {
        name: body.name.trim(),
        callType: body.call_type ?? 'outbound',
        definition: body.workflow_definition as Record<string, unknown>,
        templateContextVariables: body.template_context_variables ?? {},
        configurations: withConfigurationDefaults(body.workflow_configurations),
        callDispositionCodes: body.call_disposition_codes ?? { disposition_codes: [] },
      });
      return reply.status(201).send(await loadAgent(db, caller.organizationId, id));
    },
  );

  app.get(
    '/fetch',
    {
      schema: {
        tags,
        summary: "List the organization's agents (default: active ones), newest first",
        querystring: ListAgentsQuery,
        response: { 200: Type.Array(AgentSummaryBody), ...invalid, ...errorResponses(401) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const statuses = (request.query.status ?? 'active').split(',').map((s) => s.trim() as AgentStatus);
      const agents = await listAgents(db, caller.organizationId, [...new Set(statuses)]);
      return agents.map((agent) => ({
        ...agent,
        created_at: agent.created_at.toISOString(),
        total_runs: agent.total_runs ?? 0,
      }));
    },
  );

  app.get(
    '/fetch/:workflow_id',
    {
      schema: {
        tags,
        summary: 'Get an agent with its current definition',
        params: AgentParams,
        response: { 200: AgentBody, ...errorResponses(401, 404) },
      },
    },
    async (request) => loadAgent(db, callerOf(request).organizationId, request.params.workflow_id),
  );

  app.put(
    '/:workflow_id',
    {
      schema: {
        tags,
        summary: 'Update an agent; a changed definition becomes a new published version',
        params: AgentParams,
        body: UpdateAgentBody,
        response: { 200: AgentBody, ...invalid, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      if (body.workflow_definition !== undefined) assertValidDefinition(body.workflow_definition);
      await assertOwnVoiceConfig(db, caller.organizationId, body.workflow_configurations);
      const found = await updateAgent(db, caller.organizationId, request.params.workflow_id, {
        name: body.name?.trim(),
        definition: body.workflow_definition as Record<string, unknown>,
        templateContextVariables: body.template_context_variables,
        configurations:
          body.workflow_configurations && withConfigurationDefaults(body.workflow_configurations),
        callDispositionCodes: body.call_disposition_codes,
      });
      if (!found) throw notFound('agent');
      return loadAgent(db, caller.organizationId, request.params.workflow_id);
    },
  );

  app.put(
    '/:workflow_id/status',
    {
      schema: {
        tags,
        summary: 'Archive (no more calls) or restore an agent; history and definitions are kept',
        description:
          'Archiving pauses the running and syncing campaigns that use the agent (`agent_archived` log entry).',
        params: AgentParams,
        body: AgentStatusBody,
        response: { 200: AgentBody, ...invalid, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { workflow_id: agentId } = request.params;
      if (!(await setAgentStatus(db, caller.organizationId, agentId, request.body.status)))
        throw notFound('agent');
      if (request.body.status === 'archived') {
        await pauseCampaignsOfArchivedAgent(db, app.ctx.temporal, {
          organizationId: caller.organizationId,
          agentId,
        });
      }
      return loadAgent(db, caller.organizationId, agentId);
    },
  );

  app.get(
    '/:workflow_id/versions',
    {
      schema: {
        tags,
        summary: "List an agent's definitions, newest first",
        description:
          "Dograh's shape: a bare array. `limit`/`offset` page through it; without `limit`, every version.",
        params: AgentParams,
        querystring: VersionsQuery,
        response: { 200: VersionsBody, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const organizationId = callerOf(request).organizationId;
      const agent = await findAgent(db, organizationId, request.params.workflow_id);
      const versions = agent && (await listAgentVersions(db, organizationId, agent.id, request.query));
      if (!agent || !versions) throw notFound('agent');
      return versions.map((version) => presentVersion(version, agent));
    },
  );

  app.get(
    '/:workflow_id/versions/:definition_id',
    {
      schema: {
        tags,
        summary: 'Get one definition of an agent',
        params: VersionParams,
        response: { 200: VersionBody, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { workflow_id: agentId, definition_id } = request.params;
      const organizationId = callerOf(request).organizationId;
      const version = await findAgentVersion(db, organizationId, agentId, definition_id);
      const agent = version && (await findAgent(db, organizationId, agentId));
      if (!version || !agent) throw notFound('agent_definition');
      return presentVersion(version, agent);
    },
  );
};

export default agentRoutes;
