/**
 * Lists the tools of a customer's MCP server over streamable HTTP with the official SDK (Dograh's
 * `discover_mcp_tools`). Every request the SDK makes goes through the guarded request: the destination policy checked
 * when it connects, redirects not followed, answers bounded. A failure is a result, never a throw.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Executor } from '../db/client';
import { readWebhookCredentialSecrets, type SecretsOpener } from '../db/repositories/webhook-credentials';
import { guardedRequest } from '../net/guarded-request';
import { DestinationNotAllowedError, type DestinationPolicy } from '../net/outbound-destinations';
import { credentialHeaders } from './credential-headers';

/** One tool of the server's catalogue, as Dograh caches it. */
export interface DiscoveredTool {
  name: string;
  description: string | null;
}

export interface McpDiscovery {
  url: string;
  /** The credential's headers (tools/credential-headers.ts); never logged. */
  headers: Record<string, string>;
  /** The credential's secret values, masked in what the server answers (tools/credential-headers.ts). */
  secrets?: readonly string[];
  timeoutMs: number;
  destinations: DestinationPolicy;
}

/** Catalogues longer than this are cut (a server's catalogue is a list of names for a UI and an LLM). */
const MAX_TOOLS = 500;
const MAX_PAGES = 20;

/** A fetch for the SDK made of guarded requests. */
export function guardedFetch(policy: DestinationPolicy) {
  return async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    return guardedRequest(
      String(url),
      {
        method: init.method ?? 'GET',
        headers,
        ...(typeof init.body === 'string' ? { body: init.body } : {}),
        ...(init.signal ? { signal: init.signal } : {}),
        maxResponseBytes: 1024 * 1024,
      },
      policy,
    );
  };
}

/** The server's tools, or why they could not be listed. */
export async function discoverMcpTools(
  discovery: McpDiscovery,
): Promise<{ tools: DiscoveredTool[]; error: string | null }> {
  const { client, transport } = mcpClient(discovery);
  const timeout = AbortSignal.timeout(discovery.timeoutMs);
  try {
    await client.connect(transport, { signal: timeout, timeout: discovery.timeoutMs });
    const tools: DiscoveredTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES && tools.length < MAX_TOOLS; page++) {
      const listed = await client.listTools(cursor ? { cursor } : {}, {
        signal: timeout,
        timeout: discovery.timeoutMs,
      });
      for (const tool of listed.tools) tools.push({ name: tool.name, description: tool.description ?? null });
      cursor = listed.nextCursor;
      if (!cursor) break;
    }
    return { tools: tools.slice(0, MAX_TOOLS), error: null };
  } catch (error) {
    return { tools: [], error: mcpFailureText(error, timeout, discovery.timeoutMs) };
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * The tools of an `mcp` tool's server (`config` is its definition's), listed with the credential the config names;
 * `timeout_secs` bounds the whole listing (0 or absent: 30 s, Dograh's default).
 */
export async function discoverToolCatalogue(options: {
  db: Executor;
  cipher: SecretsOpener;
  organizationId: number;
  config: Record<string, unknown>;
  destinations: DestinationPolicy;
}): Promise<{ tools: DiscoveredTool[]; error: string | null }> {
  const server = await mcpServerOf(options);
  return server ? discoverMcpTools(server) : { tools: [], error: "The MCP tool's credential cannot be read" };
}

/**
 * How to reach an `mcp` tool's server (`config` is its definition's): its URL, the headers of the credential it
 * names, `timeout_secs` (0 or absent: 30 s, Dograh's default); null when the credential cannot be read.
 */
export async function mcpServerOf(options: {
  db: Executor;
  cipher: SecretsOpener;
  organizationId: number;
  config: Record<string, unknown>;
  destinations: DestinationPolicy;
}): Promise<McpDiscovery | null> {
  const { config } = options;
  let headers: Record<string, string> = {};
  let secrets: string[] = [];
  if (typeof config.credential_uuid === 'string') {
    const found = await readWebhookCredentialSecrets(
      options.db,
      options.cipher,
      options.organizationId,
      config.credential_uuid,
    ).catch(() => undefined);
    if (!found) return null;
    ({ headers, secrets } = credentialHeaders(found));
  }
  const seconds =
    typeof config.timeout_secs === 'number' && config.timeout_secs > 0 ? config.timeout_secs : 30;
  return {
    url: String(config.url),
    headers,
    secrets,
    timeoutMs: seconds * 1000,
    destinations: options.destinations,
  };
}

/** An SDK client and its streamable-HTTP transport to the server, every request guarded, no reconnection. */
export function mcpClient(server: McpDiscovery) {
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    fetch: guardedFetch(server.destinations),
    requestInit: { headers: server.headers },
    redirectPolicy: 'follow',
    reconnectionOptions: {
      maxReconnectionDelay: 0,
      initialReconnectionDelay: 0,
      reconnectionDelayGrowFactor: 1,
      maxRetries: 0,
    },
  });
  return { client: new Client({ name: 'voice-agent-calling', version: '1' }), transport };
}

/** Why a request to an MCP server failed; `doing` names what it could not do (default: list its tools). */
export function mcpFailureText(
  error: unknown,
  timeout: AbortSignal,
  timeoutMs: number,
  doing = 'be listed',
): string {
  const cause = (error as { cause?: unknown }).cause;
  if (error instanceof DestinationNotAllowedError) return `destination_not_allowed: ${error.message}`;
  if (cause instanceof DestinationNotAllowedError) return `destination_not_allowed: ${cause.message}`;
  if (timeout.aborted) return `The MCP server did not answer within ${timeoutMs} ms`;
  const message = error instanceof Error ? error.message : String(error);
  return `The MCP server could not ${doing}: ${message.slice(0, 300)}`;
}
