/**
 * The knowledge base as an agent's tool in a text chat, end to end: documents uploaded and indexed through the API,
 * a node whose `document_uuids` name some of them, the OpenAI fake as the LLM. The node offers
 * `search_knowledge_base`; the LLM's search answers passages of the node's documents only — not the organization's
 * other documents, not another organization's document named by the node — and the reply is built on them. A node
 * that names no document offers no search. With an embeddings endpoint in the organization's voice configuration the
 * tool searches by vector too: a question that shares no word with its passage finds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { embeddingsConfiguration } from '../knowledge-base/embedding-helpers';
import { startEmbeddingsFake } from '../knowledge-base/fake-embeddings';
import { settled, uploadDocument } from '../knowledge-base/kb-helpers';
import {
  lastUserMessage,
  startOpenAiFake,
  type FakeReply,
  type OpenAiFake,
} from '../runtime/fakes/openai-fake';

let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let fake: OpenAiFake;

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: org.headers, payload });

async function indexed(who: TestOrganization, filename: string, text: string): Promise<string> {
  const created = await uploadDocument(t, who, {
    filename,
    mimeType: 'text/plain',
    bytes: Buffer.from(text),
  });
  expect((await settled(t, who, created.document_uuid)).processing_status).toBe('completed');
  return created.document_uuid;
}

beforeAll(async () => {
  fake = await startOpenAiFake();
  t = await createTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MAX_RETRIES: '0' });
  org = await createTestOrganization(t.ctx.db);
  other = await createTestOrganization(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the knowledge base in a text chat', () => {
  it("answers from the node's documents only", async () => {
    const named = await indexed(org, 'kettles.txt', 'Every kettle carries a warranty of five years.');
    // The organization's document the node does not name: never searched.
    await indexed(org, 'toasters.txt', 'The kettle warranty for outlet stock is one year.');
    const foreign = await indexed(other, 'theirs.txt', 'Their kettle warranty lasts ten years.');
    const agent = await api('POST', '/workflow/create/definition', {
      name: 'Help desk',
      call_type: 'outbound',
      workflow_definition: {
        nodes: [
          {
            id: 'start',
            type: 'startCall',
            data: { name: 'Help', prompt: 'Answer product questions.', document_uuids: [named, foreign] },
          },
          { id: 'end', type: 'endCall', data: { name: 'Bye', prompt: 'Say goodbye.' } },
        ],
        edges: [{ id: 'e', source: 'start', target: 'end', data: { label: 'done', condition: 'Done.' } }],
      },
    });
    expect(agent.statusCode, agent.body).toBe(201);
    const agentId = agent.json().id as number;
    fake.handle((request): FakeReply => {
      const last = request.messages.at(-1)!;
      if (last.role === 'tool') return { content: `From our documents: ${last.content}` };
      if (/warranty/.test(lastUserMessage(request)))
        return { toolCalls: [{ name: 'search_knowledge_base', arguments: { query: 'kettle warranty' } }] };
      return { content: 'Hello, this is the help desk.' };
    });
    const run = (await api('POST', `/workflow/${agentId}/runs`, { mode: 'textchat' })).json();
    const offered = fake.requests[0]!.tools!.map((tool) => tool.function.name).sort();
    expect(offered).toEqual(['done', 'search_knowledge_base']);

    const said = await api('POST', `/workflow/${agentId}/runs/${run.id}/messages`, {
      content: 'How long is the warranty on a kettle?',
    });
    expect(said.statusCode, said.body).toBe(200);
    const reply = said.json().conversation.messages.at(-1);
    expect(reply.content).toBe(
      'From our documents: [1] kettles.txt:\nEvery kettle carries a warranty of five years.',
    );
    expect(reply.tool_rounds[0].calls).toEqual([
      expect.objectContaining({
        name: 'search_knowledge_base',
        arguments: { query: 'kettle warranty' },
        ok: true,
      }),
    ]);
  });

  it('finds by vector, with an embeddings endpoint, a passage that shares no word with the query', async () => {
    const embeddings = await startEmbeddingsFake();
    try {
      const vectors = await createTestOrganization(t.ctx.db);
      await embeddingsConfiguration(t, vectors, embeddings);
      const repairs = await indexed(vectors, 'repairs.txt', 'A damaged automobile is repaired at no charge.');
      const agent = await t.app.inject({
        method: 'POST',
        url: '/api/v1/workflow/create/definition',
        headers: vectors.headers,
        payload: {
          name: 'Garage desk',
          call_type: 'outbound',
          workflow_definition: {
            nodes: [
              {
                id: 'start',
                type: 'startCall',
                data: { name: 'Help', prompt: 'Help.', document_uuids: [repairs] },
              },
            ],
            edges: [],
          },
        },
      });
      const agentId = agent.json().id as number;
      fake.handle((request): FakeReply => {
        const last = request.messages.at(-1)!;
        if (last.role === 'tool') return { content: last.content };
        if (/motorcar/.test(lastUserMessage(request)))
          return {
            toolCalls: [{ name: 'search_knowledge_base', arguments: { query: 'my faulty motorcar' } }],
          };
        return { content: 'Hello.' };
      });
      const send = (method: 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url: `/api/v1${url}`, headers: vectors.headers, payload });
      const run = (await send('POST', `/workflow/${agentId}/runs`, { mode: 'textchat' })).json();
      const said = await send('POST', `/workflow/${agentId}/runs/${run.id}/messages`, {
        content: 'Who fixes my faulty motorcar?',
      });
      expect(said.statusCode, said.body).toBe(200);
      expect(said.json().conversation.messages.at(-1).content).toBe(
        '[1] repairs.txt:\nA damaged automobile is repaired at no charge.',
      );
      expect(embeddings.requests.at(-1)!.body.input).toEqual(['my faulty motorcar']);
    } finally {
      await embeddings.close();
    }
  });

  it('offers no search on a node that names no document', async () => {
    const agent = await api('POST', '/workflow/create/definition', {
      name: 'Plain',
      call_type: 'outbound',
      workflow_definition: {
        nodes: [{ id: 'start', type: 'startCall', data: { name: 'Hi', prompt: 'Chat.' } }],
        edges: [],
      },
    });
    fake.handle((): FakeReply => ({ content: 'Hello.' }));
    const before = fake.requests.length;
    await api('POST', `/workflow/${agent.json().id}/runs`, { mode: 'textchat' });
    const tools = fake.requests[before]!.tools ?? [];
    expect(tools.map((tool) => tool.function.name)).not.toContain('search_knowledge_base');
  });
});
