import type { Db } from '../db/client';
import { webhookCredentialSecretsContext } from '../db/repositories/webhook-credentials';
import { createCredentialsCipher, telephonySecretsContext, voiceSecretsContext } from './credentials-cipher';
import type { RootSecrets } from './keys';

/** The tables holding credentials ciphertexts, with the authenticated context of each row's secrets. */
const SEALED_TABLES = {
  telephony_configurations: telephonySecretsContext,
  voice_configurations: voiceSecretsContext,
  webhook_credentials: webhookCredentialSecretsContext,
} as const;

type SealedTable = keyof typeof SEALED_TABLES;

/** What one table's pass did: rows with secrets read, rewritten under the current secret, and already current. */
export interface ReencryptCounts {
  read: number;
  reencrypted: number;
  current: number;
}

/**
 * Rewrites every stored credentials ciphertext that is not yet under the current secret (legacy ones without a key
 * id included), reading with the current or previous one. Rows are walked by id in batches, each row updated only
 * if its ciphertext is still the one read (a concurrent edit wins). A ciphertext no held secret opens stops the run
 * with its table and id, before the previous secret is dropped.
 */
export async function reencryptStoredSecrets(
  db: Db,
  secrets: RootSecrets,
  options: { batchSize?: number; onBatch?: (table: SealedTable, batch: ReencryptCounts) => void } = {},
): Promise<Record<SealedTable, ReencryptCounts>> {
  const cipher = createCredentialsCipher(secrets);
  const batchSize = options.batchSize ?? 500;
  const totals = {} as Record<SealedTable, ReencryptCounts>;
  for (const [table, contextOf] of Object.entries(SEALED_TABLES) as [
    SealedTable,
    (org: number) => string,
  ][]) {
    const total: ReencryptCounts = { read: 0, reencrypted: 0, current: 0 };
    for (let afterId = 0; ;) {
      const rows = await db
        .selectFrom(table)
        .select(['id', 'organization_id', 'encrypted_secrets'])
        .where('encrypted_secrets', 'is not', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) break;
      const batch: ReencryptCounts = { read: rows.length, reencrypted: 0, current: 0 };
      for (const row of rows) {
        const sealed = row.encrypted_secrets!;
        if (!cipher.needsReencryption(sealed)) {
          batch.current += 1;
          continue;
        }
        const context = contextOf(row.organization_id);
        let clear: Record<string, string>;
        try {
          clear = cipher.decrypt(sealed, context);
        } catch (error) {
          throw new Error(`${table} ${row.id}: ${(error as Error).message}`, { cause: error });
        }
        const updated = await db
          .updateTable(table)
          .set({ encrypted_secrets: cipher.encrypt(clear, context) })
          .where('id', '=', row.id)
          .where('encrypted_secrets', '=', sealed)
          .executeTakeFirst();
        batch.reencrypted += Number(updated.numUpdatedRows);
      }
      options.onBatch?.(table, batch);
      total.read += batch.read;
      total.reencrypted += batch.reencrypted;
      total.current += batch.current;
      afterId = rows[rows.length - 1]!.id;
    }
    totals[table] = total;
  }
  return totals;
}
