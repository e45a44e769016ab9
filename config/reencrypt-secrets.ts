import type { Db } from '../db/client';
import { replaceSealed, sealedRowsAfter } from '../db/repositories/sealed-columns';
import { webhookCredentialSecretsContext } from '../db/repositories/webhook-credentials';
import { webhookSecretContext } from '../webhooks/endpoint-secrets';
import { createCredentialsCipher, telephonySecretsContext, voiceSecretsContext } from './credentials-cipher';
import type { RootSecrets } from './keys';

/**
 * The columns holding credentials ciphertexts, with the authenticated context of each row's secrets: named by their
 * table, or `table.column` where a table has more than one.
 */
const SEALED_COLUMNS = {
  telephony_configurations: sealed('telephony_configurations', 'encrypted_secrets', telephonySecretsContext),
  voice_configurations: sealed('voice_configurations', 'encrypted_secrets', voiceSecretsContext),
  webhook_credentials: sealed('webhook_credentials', 'encrypted_secrets', webhookCredentialSecretsContext),
  'webhook_endpoints.encrypted_secret': sealed('webhook_endpoints', 'encrypted_secret', webhookSecretContext),
  'webhook_endpoints.encrypted_previous_secret': sealed(
    'webhook_endpoints',
    'encrypted_previous_secret',
    webhookSecretContext,
  ),
} as const;

function sealed(table: string, column: string, contextOf: (organizationId: number) => string) {
  return { table, column, contextOf };
}

type SealedColumn = keyof typeof SEALED_COLUMNS;

/** What one column's pass did: rows with secrets read, rewritten under the current secret, and already current. */
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
  options: { batchSize?: number; onBatch?: (column: SealedColumn, batch: ReencryptCounts) => void } = {},
): Promise<Record<SealedColumn, ReencryptCounts>> {
  const cipher = createCredentialsCipher(secrets);
  const batchSize = options.batchSize ?? 500;
  const totals = {} as Record<SealedColumn, ReencryptCounts>;
  for (const [name, { table, column, contextOf }] of Object.entries(SEALED_COLUMNS) as [
    SealedColumn,
    (typeof SEALED_COLUMNS)[SealedColumn],
  ][]) {
    const total: ReencryptCounts = { read: 0, reencrypted: 0, current: 0 };
    for (let afterId = 0; ;) {
      const rows = await sealedRowsAfter(db, { table, column }, afterId, batchSize);
      if (rows.length === 0) break;
      const batch: ReencryptCounts = { read: rows.length, reencrypted: 0, current: 0 };
      for (const row of rows) {
        if (!cipher.needsReencryption(row.sealed)) {
          batch.current += 1;
          continue;
        }
        const context = contextOf(row.organization_id);
        let clear: Record<string, string>;
        try {
          clear = cipher.decrypt(row.sealed, context);
        } catch (error) {
          throw new Error(`${name} ${row.id}: ${(error as Error).message}`, { cause: error });
        }
        batch.reencrypted += await replaceSealed(
          db,
          { table, column },
          { id: row.id, expected: row.sealed, next: cipher.encrypt(clear, context) },
        );
      }
      options.onBatch?.(name, batch);
      total.read += batch.read;
      total.reencrypted += batch.reencrypted;
      total.current += batch.current;
      afterId = rows[rows.length - 1]!.id;
    }
    totals[name] = total;
  }
  return totals;
}
