/**
 * An `mcp` tool's server during a conversation (Dograh's MCP session of a call, made stateless here): when the agent's
 * toolbox loads, the server's tools are listed with their input schemas, each offered to the LLM as
 * `mcp__<tool's name>__<server tool's name>` (Dograh's namespacing); a call connects, calls the tool and closes. Both
 * go through tools/mcp-discovery.ts's guarded client (the destination policy, the credential's headers, the tool's
 * timeout). A result's text parts (other parts as JSON) go back to the LLM, cut at 8 KiB; an error result, a failure
 * or a timeout is an `ok: false` outcome, never a throw.
 */
import type { ToolOutcome } from '../conversation/agent-tools';
import { mcpClient, mcpFailureText, type McpDiscovery } from './mcp-discovery';
import { hideSecrets } from './credential-headers';

const MAX_RESULT_CHARS = 8 * 1024;
const MAX_LISTED = 100;

export interface McpFunction {
  /** The server's name for the tool. */
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** The LLM function name of a server's tool (letters, digits, `_` and `-`, at most 64), or null when none fits. */
export function mcpFunctionName(toolSlug: string, serverToolName: string): string | null {
  const name = `mcp__${toolSlug || 'server'}__${serverToolName}`;
  return /^[A-Za-z0-9_-]{1,64}$/.test(name) ? name : null;
}

/** The server's tools (at most 100), or why they could not be listed. */
export async function listMcpFunctions(
  server: McpDiscovery,
): Promise<{ tools: McpFunction[]; error: string | null }> {
  const { client, transport } = mcpClient(server);
  const timeout = AbortSignal.timeout(server.timeoutMs);
  try {
    await client.connect(transport, { signal: timeout, timeout: server.timeoutMs });
    const listed = await client.listTools({}, { signal: timeout, timeout: server.timeoutMs });
    return {
      tools: listed.tools.slice(0, MAX_LISTED).map((tool) => ({
        name: tool.name,
        description: tool.description ?? tool.name,
        inputSchema: tool.inputSchema as Record<string, unknown>,
      })),
      error: null,
    };
  } catch (error) {
    return { tools: [], error: mcpFailureText(error, timeout, server.timeoutMs) };
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Calls one of the server's tools with the LLM's arguments. */
export async function callMcpTool(
  server: McpDiscovery,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolOutcome> {
  const { client, transport } = mcpClient(server);
  const timeout = AbortSignal.timeout(server.timeoutMs);
  try {
    await client.connect(transport, { signal: timeout, timeout: server.timeoutMs });
    const result = await client.callTool({ name, arguments: args }, undefined, {
      signal: timeout,
      timeout: server.timeoutMs,
    });
    const parts = Array.isArray(result.content) ? (result.content as Array<Record<string, unknown>>) : [];
    const text = hideSecrets(
      parts
        .map((part) =>
          part.type === 'text' && typeof part.text === 'string' ? part.text : JSON.stringify(part),
        )
        .join('\n'),
      server.secrets ?? [],
    );
    const cut =
      text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)} (the answer was cut short)` : text;
    return result.isError === true ? { ok: false, content: `Error: ${cut}` } : { ok: true, content: cut };
  } catch (error) {
    return {
      ok: false,
      content: `Error: ${mcpFailureText(error, timeout, server.timeoutMs, `run ${name}`)}`,
    };
  } finally {
    await client.close().catch(() => undefined);
  }
}
