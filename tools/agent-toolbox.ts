/**
 * The tools of an agent's calls and chats (conversation/agent-tools.ts's AgentToolbox over the `tools` table): the
 * active tools its nodes name in `tool_uuids`, loaded once per call (or chat message), each offered to the LLM as a
 * function — its name from the tool's (tools/function-name.ts), its description, its parameters — and run:
 * - `http_api`: its request (tools/http-api-tool.ts), the answer (JSON or text, cut at 8 KiB) or the error back to
 *   the LLM;
 * - `calculator`: Dograh's safe calculator;
 * - `end_call`: ends the call after its custom message, with a `reason` parameter when `endCallReason` is on;
 * - `transfer_call`: hands the call over after its custom message, to the destination found when the LLM calls it
 *   (tools/transfer-destination.ts: static, by context mapping, or from the resolver, to which a dynamic transfer's
 *   parameters are sent); a destination not found is an error result and the call goes on.
 * - `mcp`: each tool its server lists (tools/mcp-calls.ts), as `mcp__<name>__<tool>`, called on the server; the
 *   listing gets at most 3 s when the call starts (the server's `timeout_secs` still bounds each call of a tool).
 * MCP servers that cannot be listed are left out of the functions; the log says so once per load.
 * A node whose `document_uuids` name documents also offers `search_knowledge_base` over those documents
 * (tools/knowledge-base-tool.ts).
 */
import type { AgentDefinition, AgentNode } from '../agents/definition';
import {
  ToolRunner,
  type AgentTool,
  type AgentToolbox,
  type ToolOutcome,
  type ToolRunContext,
} from '../conversation/agent-tools';
import type { Logger } from '../config/logger';
import type { Executor } from '../db/client';
import type { Tool } from '../db/database';
import type { SecretsOpener } from '../db/repositories/webhook-credentials';
import { findActiveTools } from '../db/repositories/tools';
import type { DestinationPolicy } from '../net/outbound-destinations';
import { CALCULATOR_FUNCTION, runCalculator } from './calculator';
import { documentUuidsOf, knowledgeBaseTool, runKnowledgeBaseSearch } from './knowledge-base-tool';
import { toolFunctionName } from './function-name';
import { runHttpApiTool } from './http-api-tool';
import type { HttpApiConfig } from './http-api-request';
import { callMcpTool, listMcpFunctions, mcpFunctionName } from './mcp-calls';
import { mcpServerOf } from './mcp-discovery';
import {
  resolverParameters,
  resolveTransferDestination,
  type TransferCallConfig,
} from './transfer-destination';

export interface ToolboxDeps {
  db: Executor;
  cipher: SecretsOpener;
  destinations: DestinationPolicy;
  logger: Logger;
  /** KB_QUERY_EMBEDDING_TIMEOUT_MS, for `search_knowledge_base` over embedded documents. */
  queryEmbeddingTimeoutMs?: number;
}

/** How long a call (or chat message) waits, when it starts, for an MCP server to list its tools. */
export const MCP_LISTING_AT_START_MS = 3000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tool uuids a node names (Dograh's `tool_uuids`), in order, without repeats or malformed ones. */
export function toolUuidsOf(node: AgentNode): string[] {
  const named = (node.data as { tool_uuids?: unknown }).tool_uuids;
  if (!Array.isArray(named)) return [];
  return [...new Set(named.filter((uuid): uuid is string => typeof uuid === 'string' && UUID.test(uuid)))];
}

/** The agent's toolbox, or null when no node names a tool or a document. */
export async function loadAgentToolbox(
  deps: ToolboxDeps,
  organizationId: number,
  definition: AgentDefinition,
): Promise<AgentToolbox | null> {
  const uuids = [...new Set(definition.nodes.flatMap(toolUuidsOf))];
  const searchers = knowledgeBaseSearchers(deps, organizationId, definition);
  if (uuids.length === 0 && searchers.size === 0) return null;
  const rows = await findActiveTools(deps.db, organizationId, uuids);
  /** Each stored tool's functions (an MCP server's: one per tool it lists), and how each runs. */
  const functions = new Map<string, AgentTool[]>();
  const runners = new Map<
    AgentTool,
    (args: Record<string, unknown>, context: ToolRunContext) => Promise<ToolOutcome>
  >();
  const left: string[] = [];
  await Promise.all(
    rows.map(async (row) => {
      const offered =
        row.category === 'mcp'
          ? await mcpFunctionsOf(deps, organizationId, row)
          : builtIn(deps, organizationId, row);
      if (typeof offered === 'string') return void left.push(`${row.name} (${row.category}): ${offered}`);
      functions.set(
        row.tool_uuid,
        offered.map(({ tool }) => tool),
      );
      for (const { tool, run } of offered) runners.set(tool, run);
    }),
  );
  const missing = uuids.filter((uuid) => !rows.some((row) => row.tool_uuid === uuid));
  if (left.length > 0 || missing.length > 0)
    deps.logger.warn(
      { organization_id: organizationId, tools_not_offered: left, tool_uuids_not_found: missing },
      'agent tools left out of the LLM functions',
    );
  return {
    forNode: (node) => {
      const search = searchers.get(node.id)?.tool;
      const names = new Set<string>(search ? [search.spec.name] : []);
      const stored = toolUuidsOf(node).flatMap((uuid) =>
        (functions.get(uuid) ?? []).filter((tool) => {
          // Two functions of one name: the LLM could not tell them apart, the first one is offered.
          if (names.has(tool.spec.name)) return false;
          names.add(tool.spec.name);
          return true;
        }),
      );
      return search ? [search, ...stored] : stored;
    },
    run: (tool, args, context) =>
      runners.get(tool)?.(args, context) ??
      [...searchers.values()].find((searcher) => searcher.tool === tool)?.run(args) ??
      Promise.resolve({ ok: false, content: 'Error: this tool cannot run here.' }),
  };
}

/** Each node's `search_knowledge_base` function, by node id, for the nodes that name documents. */
function knowledgeBaseSearchers(deps: ToolboxDeps, organizationId: number, definition: AgentDefinition) {
  const searchers = new Map<
    string,
    { tool: AgentTool; run: (args: Record<string, unknown>) => Promise<ToolOutcome> }
  >();
  for (const node of definition.nodes) {
    const documents = documentUuidsOf(node);
    if (documents.length === 0) continue;
    searchers.set(node.id, {
      tool: knowledgeBaseTool(node),
      run: (args) => runKnowledgeBaseSearch(deps, organizationId, documents, args),
    });
  }
  return searchers;
}

type Offered = Array<{
  tool: AgentTool;
  run: (args: Record<string, unknown>, context: ToolRunContext) => Promise<ToolOutcome>;
}>;

const cannotRun = async (): Promise<ToolOutcome> => ({
  ok: false,
  content: 'Error: this tool cannot run here.',
});

/** A stored tool that is not an MCP server's, as one function. */
function builtIn(deps: ToolboxDeps, organizationId: number, row: Tool): Offered {
  const tool = agentToolOf(row);
  if (row.category === 'calculator')
    return [
      {
        tool,
        run: async (args) => {
          const answer = runCalculator(args);
          return 'error' in answer
            ? { ok: false, content: `Error: ${answer.error}` }
            : { ok: true, content: String(answer.result) };
        },
      },
    ];
  const runOf = (args: Record<string, unknown>, context: ToolRunContext) => ({
    db: deps.db,
    cipher: deps.cipher,
    organizationId,
    tool: row,
    arguments: args,
    variables: context.variables,
    gatheredContext: context.gathered,
    idempotencyKey: context.idempotencyKey,
    destinations: deps.destinations,
    logger: deps.logger,
  });
  if (row.category === 'transfer_call')
    return [
      {
        tool,
        run: async (args, context) => {
          const found = await resolveTransferDestination(runOf(args, context));
          if (!found.ok) return { ok: false, content: `Not transferred: ${found.error}.` };
          const { destination, message } = found;
          return { ok: true, content: 'Transferring the call.', transfer: { destination, message } };
        },
      },
    ];
  if (row.category !== 'http_api') return [{ tool, run: cannotRun }];
  return [
    {
      tool,
      run: async (args, context) => {
        const result = await runHttpApiTool(runOf(args, context));
        const body = typeof result.body === 'string' ? result.body : JSON.stringify(result.body);
        const cut = result.truncated ? ' (the answer was cut short)' : '';
        if (result.ok) return { ok: true, content: `${body ?? ''}${cut}` };
        const status = result.status === null ? '' : `HTTP ${result.status}: `;
        return {
          ok: false,
          content: `Error: ${status}${result.error ?? 'the request failed'}${body ? ` ${body}` : ''}${cut}`,
        };
      },
    },
  ];
}

/** An MCP server's tools (those its `tools_filter` keeps, when it has one), listed now; a string says why none. */
async function mcpFunctionsOf(
  deps: ToolboxDeps,
  organizationId: number,
  row: Tool,
): Promise<Offered | string> {
  const config = ((row.definition as Obj).config ?? {}) as Obj;
  const server = await mcpServerOf({ ...deps, organizationId, config });
  if (!server) return 'its credential cannot be read';
  // The call waits for this listing before its greeting: a slow server costs its tools, not the caller's time.
  const listed = await listMcpFunctions({
    ...server,
    timeoutMs: Math.min(server.timeoutMs, MCP_LISTING_AT_START_MS),
  });
  if (listed.error) return listed.error;
  const keep =
    Array.isArray(config.tools_filter) && config.tools_filter.length > 0
      ? new Set(config.tools_filter)
      : null;
  const slug = toolFunctionName(row.name) || row.tool_uuid.slice(0, 8);
  return listed.tools.flatMap((listedTool) => {
    const name = mcpFunctionName(slug, listedTool.name);
    if (!name || (keep && !keep.has(listedTool.name))) return [];
    const tool: AgentTool = {
      uuid: row.tool_uuid,
      spec: { name, description: listedTool.description, parameters: listedTool.inputSchema },
      action: { type: 'run', waitMessage: null },
    };
    return [{ tool, run: (args: Record<string, unknown>) => callMcpTool(server, listedTool.name, args) }];
  });
}

type Obj = Record<string, unknown>;

/** The LLM's view of a stored tool that is not an MCP server's. */
function agentToolOf(row: Tool): AgentTool {
  const config = ((row.definition as Obj).config ?? {}) as Obj;
  const name = toolFunctionName(row.name);
  const description = row.description?.trim() || row.name;
  const customMessage =
    (config.messageType === 'custom' || config.customMessageType === 'text') &&
    typeof config.customMessage === 'string'
      ? config.customMessage.trim() || null
      : null;
  switch (row.category) {
    case 'http_api':
      return {
        uuid: row.tool_uuid,
        spec: { name, description, parameters: parametersSchema((config as HttpApiConfig).parameters ?? []) },
        action: {
          type: 'run',
          waitMessage: typeof config.customMessage === 'string' ? config.customMessage.trim() || null : null,
        },
      };
    case 'calculator':
      return {
        uuid: row.tool_uuid,
        spec: {
          name: CALCULATOR_FUNCTION.function.name,
          description: CALCULATOR_FUNCTION.function.description,
          parameters: structuredClone(CALCULATOR_FUNCTION.function.parameters) as Obj,
        },
        action: { type: 'run', waitMessage: null },
      };
    case 'end_call': {
      const reason = config.endCallReason === true;
      const reasonText =
        typeof config.endCallReasonDescription === 'string' && config.endCallReasonDescription.trim()
          ? config.endCallReasonDescription.trim()
          : 'Why the call is ending.';
      return {
        uuid: row.tool_uuid,
        spec: {
          name,
          description,
          parameters: {
            type: 'object',
            properties: reason ? { reason: { type: 'string', description: reasonText } } : {},
            ...(reason && { required: ['reason'] }),
          },
        },
        action: { type: 'end_call', message: customMessage },
      };
    }
    case 'transfer_call': {
      // Only a dynamic transfer asks the LLM for arguments: they go to its resolver (Dograh's).
      const transfer = config as TransferCallConfig;
      const dynamic = transfer.destination_source === 'dynamic';
      return {
        uuid: row.tool_uuid,
        spec: {
          name,
          description,
          parameters: parametersSchema(dynamic ? resolverParameters(transfer) : []),
        },
        action: {
          type: 'transfer_call',
          message: customMessage,
          waitMessage: (dynamic && transfer.resolver?.wait_message?.trim()) || null,
        },
      };
    }
    case 'mcp':
      throw new Error(
        'An MCP server is offered as the tools it lists (mcpFunctionsOf), not as one function.',
      );
  }
}

/** The JSON schema of a tool's declared parameters, as the LLM sees them. */
function parametersSchema(parameters: NonNullable<HttpApiConfig['parameters']>): Obj {
  return {
    type: 'object',
    properties: Object.fromEntries(
      parameters.map((parameter) => [
        parameter.name,
        { type: parameter.type, description: parameter.description },
      ]),
    ),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

/** The tool runner of one conversation (`conversationKey` names it in idempotency keys), or undefined without tools. */
export async function agentToolRunner(
  deps: ToolboxDeps,
  organizationId: number,
  definition: AgentDefinition,
  conversationKey: string,
): Promise<ToolRunner | undefined> {
  const toolbox = await loadAgentToolbox(deps, organizationId, definition);
  return toolbox ? new ToolRunner(toolbox, conversationKey) : undefined;
}
