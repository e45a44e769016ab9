/**
 * Who may open a media stream, decided on the WebSocket handshake before it is accepted: a provider whose adapter
 * carries media, a token this deployment minted for that provider and a run (not expired), the run still in progress
 * (its call's conversation not ended either) and placed through that provider, and, for vendors that sign their handshake (Twilio), the signature made with the
 * key of the run's telephony configuration, the one its status webhooks are signed with. The vendor signed the
 * public URL it connected to: MEDIA_PUBLIC_URL plus the path.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findRunOfStream, type RunOfStream } from '../db/repositories/live-calls';
import { findTelephonyConfigurationById } from '../db/repositories/telephony-configurations';
import type { VendorAdapter } from '../providers/adapter';
import { adapterFor } from '../providers/registry';
import { MEDIA_STREAM_ROUTE, runOfMediaToken } from '../providers/webhook-urls';
import { credentialsOfConfiguration } from '../providers/webhook-request';
import type { MediaAdapter } from '../voice/media-transport';

export type StreamVerdict =
  | { ok: true; adapter: VendorAdapter & { media: MediaAdapter }; run: RunOfStream }
  | {
      ok: false;
      status: 401 | 403 | 404;
      /** The error body's code (CONTRACT: `{"detail": code, "message": ...}`). */
      detail: string;
      /** Why, for the log line only: the answer says nothing about which ids exist. */
      reason: string;
      provider?: string;
      runId?: number;
    };

const STREAM_PATH = new RegExp(`^${MEDIA_STREAM_ROUTE}/([a-z0-9_-]{1,40})/([A-Za-z0-9._-]{1,200})$`);

export async function authorizeStream(
  deps: { config: Readonly<Config>; db: Db },
  request: { path: string; headers: IncomingHttpHeaders },
): Promise<StreamVerdict> {
  const match = STREAM_PATH.exec(request.path);
  if (!match) return { ok: false, status: 404, detail: 'not_found', reason: 'not_a_stream_path' };
  const [, provider, token] = match as unknown as [string, string, string];
  const adapter = adapterFor(provider);
  if (!adapter?.media)
    return { ok: false, status: 404, detail: 'provider_not_found', reason: 'no_media_adapter', provider };
  const runId = runOfMediaToken(deps.config, provider, token);
  if (runId === null)
    return { ok: false, status: 401, detail: 'invalid_token', reason: 'bad_or_expired_token', provider };
  const refused = (reason: string): StreamVerdict => ({
    ok: false,
    status: 403,
    detail: 'stream_refused',
    reason,
    provider,
    runId,
  });
  const run = await findRunOfStream(deps.db, runId);
  if (!run) return refused('unknown_run');
  if (run.is_completed) return refused('run_completed');
  // The call's stream ended and its conversation is stored (or given up as lost): the token has served its call.
  if (run.conversation_status !== null && run.conversation_status !== 'live') return refused('call_ended');
  if (run.mode !== provider) return refused('provider_mismatch');
  const media = adapter.media;
  const webhook = adapter.statusWebhook;
  if (run.telephony_configuration_id !== null) {
    const row = await findTelephonyConfigurationById(deps.db, run.telephony_configuration_id);
    if (row && (row.organization_id !== run.organization_id || row.provider !== provider))
      return refused('configuration_mismatch');
    if (media.verifyHandshake) {
      if (!row || !webhook?.signed) return refused('no_key');
      const credentials = credentialsOfConfiguration(row, deps.config);
      const key = webhook.keyOf(credentials);
      // Never verify with an empty key: anyone can compute an HMAC keyed by the empty string.
      if (!key) return refused('no_key');
      const url = `${deps.config.media.publicUrl}${request.path}`;
      if (!media.verifyHandshake({ url, headers: request.headers }, key)) return refused('bad_signature');
    }
  } else if (media.verifyHandshake) return refused('no_key');
  return { ok: true, adapter: { ...adapter, media }, run };
}
