/**
 * What following a vendor's event stream (Asterisk) reads and writes: the configurations to keep a stream open for,
 * and their attempts, always within one configuration: a channel id alone never reaches another organization's
 * data. The last raw state seen is kept in `provider_status`.
 */
import type { Executor } from '../client';
import type { Attempt } from '../database';

type AttemptKey = { provider: string; configurationId: number };

/** The ids of every configuration of one provider, across organizations (the event streams to keep open). */
export async function listConfigurationIdsOfProvider(db: Executor, provider: string): Promise<number[]> {
  const rows = await db
    .selectFrom('telephony_configurations')
    .select('id')
    .where('provider', '=', provider)
    .execute();
  return rows.map((row) => row.id);
}

/** The configuration's calls on the line (placed, not finished): to follow after a (re)connection. */
export async function listPlacedAttemptsOf(
  db: Executor,
  key: AttemptKey,
): Promise<Array<Pick<Attempt, 'id' | 'provider_call_id' | 'provider_status'>>> {
  return db
    .selectFrom('attempts')
    .select(['id', 'provider_call_id', 'provider_status'])
    .where('provider', '=', key.provider)
    .where('telephony_configuration_id', '=', key.configurationId)
    .where('state', '=', 'placed')
    .execute();
}

/** One attempt of the configuration, with what an event stream needs to settle it. */
export async function findStreamedAttempt(
  db: Executor,
  key: AttemptKey & { attemptId: number },
): Promise<Pick<Attempt, 'state' | 'provider_status' | 'provider_call_id' | 'run_id'> | undefined> {
  return db
    .selectFrom('attempts')
    .select(['state', 'provider_status', 'provider_call_id', 'run_id'])
    .where('id', '=', key.attemptId)
    .where('provider', '=', key.provider)
    .where('telephony_configuration_id', '=', key.configurationId)
    .executeTakeFirst();
}

/** Keeps the call's latest raw state; once `answeredState` is kept, later states never make it unanswered again. */
export async function rememberProviderState(
  db: Executor,
  key: AttemptKey & { attemptId: number; state: string; answeredState: string },
): Promise<void> {
  await db
    .updateTable('attempts')
    .set({ provider_status: key.state })
    .where('id', '=', key.attemptId)
    .where('provider', '=', key.provider)
    .where('telephony_configuration_id', '=', key.configurationId)
    .where('state', '!=', 'finished')
    .where((eb) => eb.or([eb('provider_status', 'is', null), eb('provider_status', '!=', key.answeredState)]))
    .execute();
}
