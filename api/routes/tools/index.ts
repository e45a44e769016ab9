/** Tools of the caller's organization, at Dograh's `/tools`: functions an agent's LLM may call. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listTools } from '../../../db/repositories/tools';
import type { ToolCategory } from '../../../db/database';
import { TOOL_CATEGORIES } from '../../../tools/definition-schemas';
import { validationError } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { ErrorBody } from '../common-schemas';
import {
  ArchivedTool,
  CreateToolBody,
  McpRefreshResponse,
  Tool,
  ToolList,
  ToolListQuery,
  ToolParams,
  ToolTestBody,
  ToolTestResponse,
  UpdateToolBody,
} from './schemas';
import { createToolService, parseStatuses } from './tool-service';

const tags = ['Tools'];

function parseCategory(value: string): ToolCategory {
  if ((TOOL_CATEGORIES as readonly string[]).includes(value)) return value as ToolCategory;
  throw validationError([
    {
      loc: ['query', 'category'],
      msg: `Invalid category '${value}'. Must be one of: ${TOOL_CATEGORIES.join(', ')}`,
      type: 'enum',
    },
  ]);
}

const toolRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tools = createToolService(app.ctx);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'List tools',
        description:
          'By name. Without `status`, every tool but the archived ones; `status` takes one status or several, ' +
          'comma-separated. An unknown status or category is 422.',
        querystring: ToolListQuery,
        response: { 200: ToolList, 422: ErrorBody },
      },
    },
    async (request) => {
      const { status, category } = request.query;
      const rows = await listTools(db, callerOf(request).organizationId, {
        ...(status ? { statuses: parseStatuses(status, ['query', 'status']) } : {}),
        ...(category ? { category: parseCategory(category) } : {}),
      });
      return rows.map(tools.present);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a tool',
        description:
          '`category` defaults to `definition.type` and must equal it. The definition is checked field by field ' +
          '(422 naming each problem); a `credential_uuid` that is not a live credential of the organization is 400 ' +
          'credential_not_found; a URL that leads to a private address is 422 destination_not_allowed.',
        body: CreateToolBody,
        response: { 201: Tool, 400: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const row = await tools.create(caller.organizationId, caller.userId, request.body as CreateToolBody);
      return reply.status(201).send(tools.present(row));
    },
  );

  app.get(
    '/:tool_uuid',
    {
      schema: {
        tags,
        summary: 'Get a tool',
        description: 'Archived tools too.',
        params: ToolParams,
        response: { 200: Tool, 404: ErrorBody },
      },
    },
    async (request) =>
      tools.present(await tools.get(callerOf(request).organizationId, request.params.tool_uuid)),
  );

  app.put(
    '/:tool_uuid',
    {
      schema: {
        tags,
        summary: 'Update a tool',
        description:
          'Partial: absent or `null` keeps a field. A `definition` replaces the stored one whole and must be of ' +
          "the tool's category. `status` (`active`, `draft`, `archived`) moves the tool.",
        params: ToolParams,
        body: UpdateToolBody,
        response: { 200: Tool, 400: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) =>
      tools.present(
        await tools.update(
          callerOf(request).organizationId,
          request.params.tool_uuid,
          request.body as UpdateToolBody,
        ),
      ),
  );

  app.delete(
    '/:tool_uuid',
    {
      schema: {
        tags,
        summary: 'Archive a tool',
        description:
          'Soft: the tool leaves the default list and keeps its uuid; an archived tool is 404 here.',
        params: ToolParams,
        response: { 200: ArchivedTool, 404: ErrorBody },
      },
    },
    async (request) => {
      const row = await tools.archive(callerOf(request).organizationId, request.params.tool_uuid);
      return { status: 'archived' as const, tool_uuid: row.tool_uuid };
    },
  );

  app.post(
    '/:tool_uuid/unarchive',
    {
      schema: {
        tags,
        summary: 'Unarchive a tool',
        description:
          'Back to `active`. 404 unless archived; 400 credential_not_found when its credential is gone.',
        params: ToolParams,
        response: { 200: Tool, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) =>
      tools.present(await tools.unarchive(callerOf(request).organizationId, request.params.tool_uuid)),
  );

  app.post(
    '/:tool_uuid/test',
    {
      schema: {
        tags,
        summary: 'Test an HTTP API tool',
        description:
          'Sends the request once with `llm_params` and `preset_params` and answers what was sent (credential ' +
          'values masked) and what came back. A failure of the request is a 200 with `status: "error"`.',
        params: ToolParams,
        body: ToolTestBody,
        response: { 200: ToolTestResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) =>
      tools.test(callerOf(request).organizationId, request.params.tool_uuid, request.body ?? {}),
  );

  app.post(
    '/:tool_uuid/mcp/refresh',
    {
      schema: {
        tags,
        summary: "Refresh an MCP tool's catalogue",
        description:
          "Lists the MCP server's tools again (streamable HTTP) and stores them in " +
          '`definition.config.discovered_tools`. A server that cannot be listed is a 200 with `error`, the stored ' +
          'list kept. 400 not_mcp_tool for another category.',
        params: ToolParams,
        response: { 200: McpRefreshResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => tools.refreshMcp(callerOf(request).organizationId, request.params.tool_uuid),
  );
};

export default toolRoutes;
