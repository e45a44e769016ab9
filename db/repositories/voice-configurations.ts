/**
 * Voice configurations of an organization. Every read is scoped by organization: an id of another organization finds
 * nothing. Agents name a configuration inside their `workflow_configurations` JSON (no foreign key), so a deletion
 * checks the active agents that name it under the configuration's row lock.
 */
import { sql } from 'kysely';
import type { Executor, Trx } from '../client';
import type { VoiceConfiguration } from '../database';

export const VOICE_CONFIGURATION_NAME_CONSTRAINT = 'voice_configurations_org_name_key';

export interface VoiceConfigurationValues {
  name: string;
  stt: Record<string, unknown> | null;
  tts: Record<string, unknown>;
  llm: Record<string, unknown> | null;
  embeddings: Record<string, unknown> | null;
  encrypted_secrets: string | null;
}

/** The organization's configurations, oldest first. */
export async function listVoiceConfigurations(
  db: Executor,
  organizationId: number,
): Promise<VoiceConfiguration[]> {
  return db
    .selectFrom('voice_configurations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

/** One configuration of the organization, or undefined; `forUpdate` locks its row until the transaction ends. */
export async function findVoiceConfiguration(
  db: Executor,
  organizationId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<VoiceConfiguration | undefined> {
  let query = db
    .selectFrom('voice_configurations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

const asJson = (section: Record<string, unknown> | null) =>
  section === null ? null : JSON.stringify(section);

export async function insertVoiceConfiguration(
  db: Executor,
  organizationId: number,
  values: VoiceConfigurationValues,
): Promise<VoiceConfiguration> {
  return db
    .insertInto('voice_configurations')
    .values({
      organization_id: organizationId,
      name: values.name,
      stt: asJson(values.stt),
      tts: JSON.stringify(values.tts),
      llm: asJson(values.llm),
      embeddings: asJson(values.embeddings),
      encrypted_secrets: values.encrypted_secrets,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateVoiceConfiguration(
  db: Executor,
  id: number,
  changes: Partial<VoiceConfigurationValues>,
): Promise<VoiceConfiguration> {
  const { stt, tts, llm, embeddings, ...rest } = changes;
  return db
    .updateTable('voice_configurations')
    .set({
      ...rest,
      ...(stt !== undefined ? { stt: asJson(stt) } : {}),
      ...(tts !== undefined ? { tts: JSON.stringify(tts) } : {}),
      ...(llm !== undefined ? { llm: asJson(llm) } : {}),
      ...(embeddings !== undefined ? { embeddings: asJson(embeddings) } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The active agents of the organization whose `workflow_configurations.voice_config_id` is `id`, by id. */
export async function activeAgentsNamingVoiceConfiguration(
  db: Executor,
  organizationId: number,
  id: number,
): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('agents')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'active')
    .where(sql<string>`workflow_configurations->>'voice_config_id'`, '=', String(id))
    .orderBy('id')
    .execute();
}

/**
 * The configuration whose `embeddings` section embeds the organization's knowledge base: the one named, or else the
 * most recently updated one that has the section; undefined when there is none (or the one named has none).
 */
export async function findEmbeddingsConfiguration(
  db: Executor,
  organizationId: number,
  id?: number | null,
): Promise<VoiceConfiguration | undefined> {
  let query = db
    .selectFrom('voice_configurations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('embeddings', 'is not', null);
  if (id != null) query = query.where('id', '=', id);
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function deleteVoiceConfiguration(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('voice_configurations').where('id', '=', id).execute();
}

/** Whether one of the organization's voice configurations names an LLM of its own. */
export async function hasVoiceConfigurationLlm(db: Executor, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('voice_configurations')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('llm', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
