import type { Page } from 'playwright-core';
import {
  lastUserMessage,
  schemaNameOf,
  type FakeChatRequest,
  type FakeReply,
} from '../runtime/fakes/openai-fake';
import { validDraft } from '../runtime/template-drafts';
import type { DashboardHarness } from './browser';

/** The agent every editor test starts from: a greeting, one step and a goodbye. */
export const threeStepDefinition = () => ({
  nodes: [
    {
      id: 'start',
      type: 'startCall',
      position: { x: 0, y: 0 },
      data: { name: 'Greeting', prompt: 'Say hello.' },
    },
    {
      id: 'talk',
      type: 'agentNode',
      position: { x: 0, y: 160 },
      data: { name: 'Conversation', prompt: 'Chat.' },
    },
    { id: 'end', type: 'endCall', position: { x: 0, y: 320 }, data: { name: 'Goodbye', prompt: 'Say bye.' } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'talk', data: { label: 'listening', condition: 'They listen.' } },
    { id: 'e2', source: 'talk', target: 'end', data: { label: 'done', condition: 'They are done.' } },
  ],
});

/** Creates an agent through the API with the user's session token; answers its id. */
export async function createAgentThroughApi(
  d: DashboardHarness,
  token: string,
  name: string,
): Promise<number> {
  const response = await fetch(`${d.h.baseUrl}/api/v1/workflow/create/definition`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, workflow_definition: threeStepDefinition() }),
  });
  if (response.status !== 201) throw new Error(`create agent: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** Reads an agent through the API (its current definition and version). */
export async function agentThroughApi(d: DashboardHarness, token: string, agentId: number) {
  const response = await fetch(`${d.h.baseUrl}/api/v1/workflow/fetch/${agentId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as {
    version_number: number;
    workflow_definition: { nodes: Array<{ id: string; data: { prompt?: string } }> };
  };
}

/**
 * Plays the LLM for the agents pages: a template draft for create/template, and a chat partner that greets and
 * echoes what it is told (no transitions), with an empty extraction and a fixed disposition.
 */
export function agentsLlmScript(request: FakeChatRequest): FakeReply {
  const schema = schemaNameOf(request);
  if (schema === 'agent_template') return { content: JSON.stringify(validDraft()) };
  if (schema === 'call_disposition') return { content: JSON.stringify({ disposition: 'completed' }) };
  if (schema) return { content: '{}' };
  const said = lastUserMessage(request);
  return { content: said ? `You said: ${said}` : 'Hello, this is the test agent.' };
}

/** Saves a screenshot for the docs when SCREENSHOTS=1 (the lead commits them). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS === '1')
    await page.screenshot({ path: `docs/dashboard/agents-${name}.png`, fullPage: true });
}
