import { api } from '../../api/client';
import { unwrap } from '../../api/errors';

/** Starts a text conversation with the agent (`POST /workflow/{id}/runs`, mode textchat); the agent greets first. */
export async function startChat(agentId: number) {
  return unwrap(
    await api.POST('/api/v1/workflow/{workflow_id}/runs', {
      params: { path: { workflow_id: agentId } },
      body: { mode: 'textchat' },
    }),
  );
}

/** Sends the user's message; answers the agent's reply and the conversation so far. */
export async function sendChatMessage(agentId: number, runId: number, content: string) {
  return unwrap(
    await api.POST('/api/v1/workflow/{workflow_id}/runs/{run_id}/messages', {
      params: { path: { workflow_id: agentId, run_id: runId } },
      body: { content },
    }),
  );
}

/** Ends the conversation: the run is completed with its transcript, gathered context and cost. */
export async function endChat(agentId: number, runId: number) {
  return unwrap(
    await api.POST('/api/v1/workflow/{workflow_id}/runs/{run_id}/end', {
      params: { path: { workflow_id: agentId, run_id: runId } },
    }),
  );
}

/** A text conversation as the API shows it. */
export type ChatConversation = Awaited<ReturnType<typeof startChat>>['conversation'];
