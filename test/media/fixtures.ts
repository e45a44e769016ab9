/** Calls as the media process finds them: a placed outbound call (campaign, contact, attempt, run) or an inbound run. */
import { loadConfig, type Config } from '../../config';
import { createDb, type Db } from '../../db/client';
import { createStorage } from '../../storage';
import type { ObjectStorage } from '../../storage/object-storage';
import type { ConversationState } from '../../conversation/conversation-state';
import { openCallConversation } from '../../db/repositories/call-conversations';
import { findRunOfStream } from '../../db/repositories/live-calls';
import { loadLiveCall } from '../../media/live-call-loader';
import type { LiveCall } from '../../voice/live-call';
import { validDefinition } from '../agents/fixtures';
import { testEnv } from '../helpers/context';
import {
  insertAgent,
  insertCampaign,
  insertContact,
  insertPlacingAttempt,
  insertSimulatorConfiguration,
} from '../helpers/fixtures';
import { createTestOrganization } from '../helpers/organizations';

export interface MediaWorld {
  config: Readonly<Config>;
  db: Db;
  storage: ObjectStorage;
  close(): Promise<void>;
}

export function openMediaWorld(overrides: Record<string, string | undefined> = {}): MediaWorld {
  const config = loadConfig(testEnv(overrides));
  const db = createDb(config.databaseUrl!, { max: 5 });
  return { config, db, storage: createStorage(config), close: () => db.destroy() };
}

export interface PlacedCall {
  organizationId: number;
  agentId: number;
  configurationId: number;
  campaignId: number;
  contactId: number;
  runId: number;
  attemptId: number;
}

/** An organization whose agent (a graph with a start node) is on a placed simulator call. */
export async function placedCall(db: Db, options: { organizationId?: number } = {}): Promise<PlacedCall> {
  const organizationId = options.organizationId ?? (await createTestOrganization(db)).organizationId;
  const { agentId, definitionId } = await insertAgent(db, organizationId);
  await db
    .updateTable('agent_definitions')
    .set({ workflow_definition: JSON.stringify(validDefinition()) })
    .where('id', '=', definitionId)
    .execute();
  await db
    .updateTable('agents')
    .set({ call_disposition_codes: JSON.stringify({ disposition_codes: ['interested', 'not_interested'] }) })
    .where('id', '=', agentId)
    .execute();
  const configurationId = await insertSimulatorConfiguration(db, organizationId);
  const campaignId = await insertCampaign(db, { organizationId, agentId, configurationId });
  const phoneNumber = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const contactId = await insertContact(db, { campaignId, organizationId, phoneNumber, rowNumber: 1 });
  const { runId, attemptId } = await insertPlacingAttempt(db, {
    organizationId,
    agentId,
    campaignId,
    contactId,
    configurationId,
    phoneNumber,
    run: { definitionId, initialContext: { first_name: 'Ada' } },
  });
  return { organizationId, agentId, configurationId, campaignId, contactId, runId, attemptId };
}

/** An inbound run of the call's agent (no attempt: no outcome report will come). */
export async function inboundRun(db: Db, call: PlacedCall): Promise<number> {
  const row = await db
    .insertInto('runs')
    .values({
      organization_id: call.organizationId,
      workflow_id: call.agentId,
      name: `inbound-${Math.random().toString(36).slice(2)}`,
      mode: 'simulator',
      call_type: 'inbound',
      initial_context: JSON.stringify({ telephony_configuration_id: call.configurationId }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The call as the media process loads it when its stream opens, its conversation opened live. */
export async function streamOpened(db: Db, runId: number): Promise<LiveCall> {
  const run = await findRunOfStream(db, runId);
  if (!run) throw new Error(`run ${runId} not found`);
  await openCallConversation(db, { runId, organizationId: run.organization_id, provider: run.mode });
  const call = await loadLiveCall(db, run, null);
  if (!call) throw new Error(`run ${runId} has no agent to talk with`);
  return call;
}

/** A conversation two turns in: the agent greeted, the caller answered. */
export function conversationAfterTwoTurns(): ConversationState {
  const at = (second: number) => new Date(Date.UTC(2026, 10, 24, 9, 0, second)).toISOString();
  return {
    revision: 0,
    node_id: 'qualify',
    variables: { first_name: 'Ada' },
    disposition_codes: ['interested', 'not_interested'],
    max_duration_seconds: 1800,
    started_at: at(0),
    ended_at: null,
    end_reason: null,
    turns: [
      {
        role: 'agent',
        content: 'Hello Ada, calling about your appointment.',
        node_id: 'start',
        at: at(1),
        usage: { prompt_tokens: 120, completion_tokens: 14 },
      },
      { role: 'user', content: 'Yes, that is me.', node_id: 'start', at: at(4) },
    ],
    transitions: [],
    gathered: {},
    extracted_nodes: [],
    usage: { prompt_tokens: 120, completion_tokens: 14 },
    disposition: null,
    error: null,
  };
}

export async function readText(storage: ObjectStorage, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.getObjectStream(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
