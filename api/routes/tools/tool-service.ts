/**
 * Tools: create, update, archive and unarchive with their rules (a definition of the tool's category checked field by
 * field, credentials that are the organization's live ones, URLs that lead to allowed destinations), and the test run
 * of an `http_api` tool.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { createCredentialsCipher } from '../../../config/credentials-cipher';
import { inTransaction, type Executor } from '../../../db/client';
import type { Tool as ToolRow, ToolCategory, ToolStatus } from '../../../db/database';
import {
  findTool,
  insertTool,
  moveToolStatus,
  updateTool,
  type ToolValues,
} from '../../../db/repositories/tools';
import { findWebhookCredential } from '../../../db/repositories/webhook-credentials';
import {
  checkDestination,
  destinationPolicy,
  DestinationNotAllowedError,
} from '../../../net/outbound-destinations';
import { checkToolDefinition } from '../../../tools/definition';
import { TOOL_STATUSES } from '../../../tools/definition-schemas';
import { toolNameProblem } from '../../../tools/function-name';
import { runHttpApiTool } from '../../../tools/http-api-tool';
import { discoverToolCatalogue, type DiscoveredTool } from '../../../tools/mcp-discovery';
import { destinationNotAllowed, HttpError, notFound, referenceNotFound, validationError } from '../../errors';
import type { ValidationIssue } from '../../errors';
import { toolTestResponse } from './test-response';
import type {
  CreateToolBody,
  McpRefreshResponse,
  Tool,
  ToolTestBody,
  ToolTestResponse,
  UpdateToolBody,
} from './schemas';

/** The statuses of a comma-separated `status` (query or body); 422 at `loc` naming an unknown one. */
export function parseStatuses(value: string, loc: string[]): ToolStatus[] {
  const statuses = value.split(',').map((status) => status.trim());
  const unknown = statuses.find((status) => !(TOOL_STATUSES as readonly string[]).includes(status));
  if (unknown !== undefined)
    throw validationError([
      { loc, msg: `Invalid status '${unknown}'. Must be one of: ${TOOL_STATUSES.join(', ')}`, type: 'enum' },
    ]);
  return statuses as ToolStatus[];
}

const descriptionOf = (description: string | null | undefined) => description?.trim() || null;

export function createToolService(ctx: AppContext) {
  const { db, config } = ctx;
  const cipher = createCredentialsCipher(config.appSecret);
  const destinations = destinationPolicy(config.security.allowedPrivateDestinations);

  function present(row: ToolRow): Tool {
    return {
      id: row.id,
      tool_uuid: row.tool_uuid,
      name: row.name,
      description: row.description,
      category: row.category,
      icon: row.icon,
      icon_color: row.icon_color,
      status: row.status,
      definition: row.definition,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      created_by:
        row.created_by === null ? null : { id: row.created_by, provider_id: String(row.created_by) },
    };
  }

  async function get(organizationId: number, toolUuid: string): Promise<ToolRow> {
    const row = await findTool(db, organizationId, toolUuid);
    if (!row) throw notFound('tool');
    return row;
  }

  /** The definition as it will be stored; 422 listing every problem of it and of `name`. */
  function checkedDefinition(
    raw: unknown,
    category: ToolCategory,
    name: string | undefined,
    stored?: ToolRow,
    discovered?: DiscoveredTool[] | null,
  ) {
    const checked = checkToolDefinition(raw, category, ['body', 'definition']);
    const issues: ValidationIssue[] = [...checked.issues];
    const nameProblem = name === undefined ? null : toolNameProblem(name);
    if (nameProblem) issues.unshift({ loc: ['body', 'name'], msg: nameProblem, type: 'value_error' });
    if (issues.length > 0) throw validationError(issues);
    if (category === 'mcp') {
      // Server-managed: what the client sends back is replaced by what is stored.
      const config = checked.definition.config as Record<string, unknown>;
      const storedConfig = stored?.definition.config as Record<string, unknown> | undefined;
      config.discovered_tools = discovered ?? storedConfig?.discovered_tools ?? [];
    }
    return checked;
  }

  /** Each URL with a fixed host leads to an allowed destination now (checked again on every request). */
  async function checkDestinations(destinationsToCheck: Array<{ loc: string[]; url: string }>) {
    for (const { loc, url } of destinationsToCheck) {
      try {
        await checkDestination(url, destinations);
      } catch (error) {
        if (error instanceof DestinationNotAllowedError)
          throw destinationNotAllowed(`${loc.slice(1).join('.')}: ${error.message}`);
        throw error;
      }
    }
  }

  /**
   * Each credential named is a live credential of the organization (another organization's reads as absent), locked
   * until the transaction ends so that it cannot be deleted under the tool being saved.
   */
  async function checkCredentials(
    trx: Executor,
    organizationId: number,
    credentials: Array<{ uuid: string }>,
  ) {
    for (const { uuid } of credentials) {
      const found = await findWebhookCredential(trx, organizationId, uuid, { forUpdate: true });
      if (!found) throw referenceNotFound('credential');
    }
  }

  const discover = (organizationId: number, config: Record<string, unknown>) =>
    discoverToolCatalogue({ db, cipher, organizationId, config, destinations });

  /** Dograh lists an MCP server's tools when the tool is saved, best effort: null when that failed. */
  async function discoveredOnSave(organizationId: number, definition: Record<string, unknown>) {
    if (definition.type !== 'mcp') return null;
    const result = await discover(organizationId, definition.config as Record<string, unknown>);
    return result.error ? null : result.tools;
  }

  async function create(
    organizationId: number,
    userId: number | null,
    body: CreateToolBody,
  ): Promise<ToolRow> {
    const category = body.category ?? body.definition.type;
    if (category !== body.definition.type)
      throw validationError([
        {
          loc: ['body', 'category'],
          msg: `category '${category}' must match definition.type '${body.definition.type}'`,
          type: 'value_error',
        },
      ]);
    const checked = checkedDefinition(body.definition, category, body.name);
    await checkDestinations(checked.destinations);
    const discovered = await discoveredOnSave(organizationId, checked.definition);
    if (discovered) (checked.definition.config as Record<string, unknown>).discovered_tools = discovered;
    const values: ToolValues = {
      name: body.name.trim(),
      description: descriptionOf(body.description),
      category,
      icon: body.icon === undefined ? 'globe' : body.icon,
      icon_color: body.icon_color === undefined ? '#3B82F6' : body.icon_color,
      definition: checked.definition,
    };
    return inTransaction(db, async (trx) => {
      await checkCredentials(trx, organizationId, checked.credentials);
      return insertTool(trx, organizationId, userId, values);
    });
  }

  /**
   * A partial update, as Dograh's: absent or `null` keeps a field (`description` too, which `""` clears); a definition replaces the
   * stored one whole and keeps the tool's category. `status` moves it (`archived` archives it).
   */
  async function update(organizationId: number, toolUuid: string, body: UpdateToolBody): Promise<ToolRow> {
    const status = body.status ? parseStatuses(body.status, ['body', 'status']) : undefined;
    if (status && status.length !== 1)
      throw validationError([
        { loc: ['body', 'status'], msg: 'Input should be one status', type: 'value_error' },
      ]);
    const name = body.name?.trim() ?? undefined;
    // Checked and listed before the row is locked: the checks resolve names and may reach an MCP server.
    const before = await get(organizationId, toolUuid);
    let discovered: DiscoveredTool[] | null = null;
    if (body.definition) {
      const checked = checkedDefinition(body.definition, before.category, name, before);
      await checkDestinations(checked.destinations);
      discovered = await discoveredOnSave(organizationId, checked.definition);
    }
    return inTransaction(db, async (trx) => {
      const row = await findTool(trx, organizationId, toolUuid, { forUpdate: true });
      if (!row) throw notFound('tool');
      const checked = checkedDefinition(
        body.definition ?? row.definition,
        row.category,
        name,
        row,
        discovered,
      );
      const next = status?.[0] ?? row.status;
      if (next !== 'archived') await checkCredentials(trx, organizationId, checked.credentials);
      const changes: Partial<ToolValues> & { status?: ToolStatus } = {};
      if (name !== undefined) changes.name = name;
      // Dograh's rule: null keeps it, a string replaces it, an empty one clears it.
      if (typeof body.description === 'string') changes.description = descriptionOf(body.description);
      if (body.icon) changes.icon = body.icon;
      if (body.icon_color) changes.icon_color = body.icon_color;
      if (body.definition) changes.definition = checked.definition;
      if (next !== row.status) changes.status = next;
      return updateTool(trx, row.id, changes);
    });
  }

  async function archive(organizationId: number, toolUuid: string): Promise<ToolRow> {
    const row = await moveToolStatus(db, organizationId, toolUuid, ['active', 'draft'], 'archived');
    if (!row) throw notFound('tool');
    return row;
  }

  /** Back to `active`; its credentials must still be live (400 `credential_not_found` otherwise). */
  async function unarchive(organizationId: number, toolUuid: string): Promise<ToolRow> {
    return inTransaction(db, async (trx) => {
      const row = await findTool(trx, organizationId, toolUuid, { forUpdate: true });
      if (!row || row.status !== 'archived') throw notFound('tool');
      const checked = checkToolDefinition(row.definition, row.category, ['definition']);
      await checkCredentials(trx, organizationId, checked.credentials);
      return updateTool(trx, row.id, { status: 'active' });
    });
  }

  /** Runs an `http_api` tool once with sample arguments: Dograh's ToolTestResponse. */
  async function test(
    organizationId: number,
    toolUuid: string,
    body: ToolTestBody,
  ): Promise<ToolTestResponse> {
    const row = await get(organizationId, toolUuid);
    if (row.category !== 'http_api')
      throw new HttpError(400, 'tool_not_http_api', 'Only HTTP API tools can be tested.');
    const result = await runHttpApiTool({
      db,
      cipher,
      organizationId,
      tool: row,
      arguments: body.llm_params ?? {},
      presetArguments: body.preset_params ?? {},
      idempotencyKey: randomUUID(),
      destinations,
      logger: ctx.logger,
    });
    return toolTestResponse(result);
  }

  /**
   * Lists the MCP server's tools again and stores them in `definition.config.discovered_tools`. A server that cannot
   * be listed, or lists nothing, answers its error and keeps the stored list (Dograh's).
   */
  async function refreshMcp(organizationId: number, toolUuid: string): Promise<McpRefreshResponse> {
    const row = await get(organizationId, toolUuid);
    if (row.category !== 'mcp') throw new HttpError(400, 'not_mcp_tool', 'This tool is not an MCP tool.');
    const result = await discover(organizationId, row.definition.config as Record<string, unknown>);
    if (result.error || result.tools.length === 0)
      return {
        tool_uuid: row.tool_uuid,
        discovered_tools: [],
        error: `${result.error ?? 'The MCP server lists no tools'}; the stored list is kept.`,
      };
    await inTransaction(db, async (trx) => {
      const locked = await findTool(trx, organizationId, toolUuid, { forUpdate: true });
      if (!locked) throw notFound('tool');
      const config = {
        ...(locked.definition.config as Record<string, unknown>),
        discovered_tools: result.tools,
      };
      await updateTool(trx, locked.id, { definition: { ...locked.definition, config } });
    });
    return { tool_uuid: row.tool_uuid, discovered_tools: result.tools, error: null };
  }

  return { present, get, create, update, archive, unarchive, test, refreshMcp };
}
