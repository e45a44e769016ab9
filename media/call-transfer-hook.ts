/**
 * How the media process hands one call to a person (voice/live-call.ts TransferHook): the run's telephony
 * configuration, its secrets decrypted, becomes the provider (providers/registry.ts, with this deployment's
 * environment, the simulator's calls API included), whose `transferCall` moves the vendor's call (the stream's
 * `providerCallId`) to the destination, showing the call's own line as the caller id. A run without a configuration
 * of its organization, or a provider without transfers, rejects: the pipeline then ends the call `transfer_failed`.
 */
import { isSipDestination, isTransferDestination } from '../agents/transfer';
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import type { Executor } from '../db/client';
import type { RunOfStream } from '../db/repositories/live-calls';
import { findTelephonyConfigurationById } from '../db/repositories/telephony-configurations';
import { deploymentEnvironment } from '../providers/deployment-environment';
import type { TelephonyProvider } from '../providers/provider';
import { providerFor } from '../providers/registry';
import { credentialsOfConfiguration } from '../providers/webhook-request';
import type { TransferHook } from '../voice/live-call';

export function transferHookOf(
  deps: { config: Readonly<Config>; db: Executor },
  run: RunOfStream,
  providerCallId: string,
  log: Logger,
): TransferHook {
  return async (destination) => {
    const provider = await providerOfRun(deps, run);
    if (typeof provider.transferCall !== 'function')
      throw new Error(`provider '${run.mode}' offers no call transfer`);
    const callerId = lineNumberOf(run);
    log.info(
      { run_id: run.id, provider: run.mode, provider_call_id: providerCallId, destination },
      'transferring the call',
    );
    await provider.transferCall({ providerCallId, destination, callerId });
  };
}

async function providerOfRun(
  deps: { config: Readonly<Config>; db: Executor },
  run: RunOfStream,
): Promise<Partial<TelephonyProvider>> {
  const id = run.telephony_configuration_id;
  const row = id === null ? undefined : await findTelephonyConfigurationById(deps.db, id);
  if (!row || row.organization_id !== run.organization_id || row.provider !== run.mode)
    throw new Error('the call names no telephony configuration of its provider');
  const credentials = credentialsOfConfiguration(row, deps.config);
  return providerFor(
    { id: row.id, provider: row.provider, config: credentials.config },
    credentials.secrets,
    deploymentEnvironment(deps.config),
  );
}

/**
 * The call's own line, shown to the person it is handed to: the number dialed from (outbound) or dialed (inbound);
 * null (the vendor's default) when it is no E.164 number (a SIP address).
 */
function lineNumberOf(run: RunOfStream): string | null {
  const line =
    run.call_type === 'inbound' ? run.initial_context.called_number : run.initial_context.caller_number;
  return isTransferDestination(line) && !isSipDestination(line) ? line : null;
}
