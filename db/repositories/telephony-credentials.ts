/** A telephony configuration as its vendor's webhooks and event streams need it: provider, fields, sealed secrets. */
import type { Db } from '../client';
import type { TelephonyConfiguration } from '../database';

export type SealedConfiguration = Pick<
  TelephonyConfiguration,
  'organization_id' | 'provider' | 'config' | 'encrypted_secrets'
>;

/** A configuration of any organization by id: a webhook's URL names the configuration, the signature proves the sender. */
export async function findSealedConfiguration(
  db: Db,
  configurationId: number,
): Promise<SealedConfiguration | undefined> {
  return db
    .selectFrom('telephony_configurations')
    .select(['organization_id', 'provider', 'config', 'encrypted_secrets'])
    .where('id', '=', configurationId)
    .executeTakeFirst();
}

/** The ids of every configuration of one provider, across organizations (the event streams to keep open). */
export async function listConfigurationIdsOfProvider(db: Db, provider: string): Promise<number[]> {
  const rows = await db
    .selectFrom('telephony_configurations')
    .select('id')
    .where('provider', '=', provider)
    .execute();
  return rows.map((row) => row.id);
}
