/**
 * The `search_knowledge_base` function a node offers when its `document_uuids` name documents (Dograh's knowledge
 * base): the LLM asks a question, and the best passages of those documents only — the organization's, completed —
 * come back as the tool's result, found by knowledge-base/hybrid-search.ts (full-text, blended with vectors when the
 * documents were embedded). Works the same in text chats and
 * on calls (both load tools through tools/agent-toolbox.ts).
 */
import type { AgentNode } from '../agents/definition';
import type { AgentTool, ToolOutcome } from '../conversation/agent-tools';
import { searchKnowledgeBase, type KnowledgeBaseSearchDeps } from '../knowledge-base/hybrid-search';

export const KNOWLEDGE_BASE_FUNCTION = 'search_knowledge_base';
/** Passages handed back per search, and the most characters of each. */
export const PASSAGES_PER_SEARCH = 3;
const PASSAGE_CHARS = 2500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The document uuids a node names (Dograh's `document_uuids`), without repeats or malformed ones. */
export function documentUuidsOf(node: AgentNode): string[] {
  const named = (node.data as { document_uuids?: unknown }).document_uuids;
  if (!Array.isArray(named)) return [];
  return [
    ...new Set(
      named
        .filter((uuid): uuid is string => typeof uuid === 'string' && UUID.test(uuid))
        .map((u) => u.toLowerCase()),
    ),
  ];
}

/** The function as the LLM sees it on this node; `uuid` names the node, so two nodes' searches never share a result. */
export function knowledgeBaseTool(node: AgentNode): AgentTool {
  return {
    uuid: `knowledge_base:${node.id}`,
    spec: {
      name: KNOWLEDGE_BASE_FUNCTION,
      description:
        "Searches the documents of this step's knowledge base and answers the passages that best match. Use it " +
        'before answering a question those documents may cover; answer from the passages, not from memory.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What to look for, as a short question or keywords.' },
        },
        required: ['query'],
      },
    },
    action: { type: 'run', waitMessage: null },
  };
}

/** Runs a search limited to the node's documents of the organization. */
export async function runKnowledgeBaseSearch(
  deps: KnowledgeBaseSearchDeps,
  organizationId: number,
  documentUuids: readonly string[],
  args: Record<string, unknown>,
): Promise<ToolOutcome> {
  const query = typeof args.query === 'string' ? args.query.trim().slice(0, 2000) : '';
  if (!query) return { ok: false, content: 'Error: give a query to search for.' };
  const hits = await searchKnowledgeBase(deps, {
    organizationId,
    query,
    limit: PASSAGES_PER_SEARCH,
    documentUuids,
  });
  if (hits.length === 0) return { ok: true, content: 'No passage of the knowledge base matches that query.' };
  return {
    ok: true,
    content: hits
      .map((hit, index) => {
        const page = typeof hit.chunk_metadata.page === 'number' ? `, page ${hit.chunk_metadata.page}` : '';
        const text =
          hit.chunk_text.length > PASSAGE_CHARS
            ? `${hit.chunk_text.slice(0, PASSAGE_CHARS)}…`
            : hit.chunk_text;
        const section = hit.chunk_context ? ` (${hit.chunk_context})` : '';
        return `[${index + 1}] ${hit.filename}${page}${section}:\n${text}`;
      })
      .join('\n\n'),
  };
}
