/**
 * Asterisk reports call ends on a WebSocket, not with webhooks, so the API process (the webhook receiver) also
 * listens to ARI: one events stream per ARI configuration that has calls to watch. After a drop it reconnects
 * and looks up, channel by channel, what happened to the calls it was watching.
 */
import type { Logger } from '../../../config/logger';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { TemporalGateway } from '../../../client/temporal';
import { notifyOutcomeStored } from '../../../client/one-off-calls';
import { recordAttemptOutcome, type AttemptOutcomeReport } from '../../../engine/record-outcome';
import { ariOutcome, attemptIdOfChannel } from '../../../providers/ari/ari-causes';
import { ariConnectionOf } from '../../../providers/ari/ari-client';
import { openAriEventStream, type AriEvent, type AriEventStream } from '../../../providers/ari/ari-events';
import { createAriProvider } from '../../../providers/ari/ari-provider';
import { loadWebhookCredentials } from './webhook-request';
import { handleAriInbound } from '../telephony-inbound/ari-inbound';
import { destinationPolicy } from '../../../net/outbound-destinations';

export interface AriListenerDeps {
  db: Db;
  config: Readonly<Config>;
  temporal: TemporalGateway;
  logger: Logger;
  pollMs?: number;
  /** A stream with nothing to watch for this long is closed. */
  idleCloseMs?: number;
  /** How long a call found gone after a reconnect waits for its own, queued, ChannelDestroyed. */
  settleGoneMs?: number;
}

interface Watched {
  stream: AriEventStream;
  idleSince: number | null;
}

/** Starts the listener; `stop()` closes every stream. */
export function startAriListener(deps: AriListenerDeps): { stop(): Promise<void> } {
  const { db, logger } = deps;
  const destinations = destinationPolicy(deps.config.security.allowedPrivateDestinations);
  const streams = new Map<number, Watched>();
  let stopped = false;

  /**
   * Every ARI configuration, not only those with calls or campaigns: Asterisk sends a channel's events only to
   * streams open at the time, so the stream must be up before the first call of a campaign or one-off call is placed
   * (a call placed before would be settled from its channel's absence, as unanswered, and redialed).
   */
  async function configurationsToWatch(): Promise<number[]> {
    const rows = await db
      .selectFrom('telephony_configurations')
      .select('id')
      .where('provider', '=', 'ari')
      .execute();
    return rows.map((row) => row.id);
  }

  async function watch(configurationId: number) {
    const credentials = await loadWebhookCredentials(db, deps.config.appSecret, configurationId);
    if (!credentials) return;
    const log = logger.child({ provider: 'ari', telephony_configuration_id: configurationId });
    const provider = createAriProvider({
      configurationId,
      config: credentials.config,
      secrets: credentials.secrets,
      environment: { publicBaseUrl: deps.config.http.publicBaseUrl, destinations },
    });
    const connection = ariConnectionOf(credentials.config, credentials.secrets);
    const stream = openAriEventStream({
      url: connection.eventsUrl,
      authorization: connection.authorization,
      destinations,
      onOpen: () => reconcile(configurationId, provider, log),
      onEvent: (event) => handleEvent(configurationId, event, credentials.organizationId),
      onError: (error) => log.warn({ err: error }, 'ARI events stream error'),
    });
    streams.set(configurationId, { stream, idleSince: null });
  }

  /** After a (re)connection: calls still up are followed; calls gone meanwhile are settled from what we saw. */
  async function reconcile(
    configurationId: number,
    provider: ReturnType<typeof createAriProvider>,
    log: Logger,
  ) {
    const open = await db
      .selectFrom('attempts')
      .select(['id', 'provider_call_id', 'provider_status'])
      .where('provider', '=', 'ari')
      .where('telephony_configuration_id', '=', configurationId)
      .where('state', '=', 'placed')
      .execute();
    for (const attempt of open) {
      try {
        const status = await provider.getCallStatus({
          attemptId: String(attempt.id),
          providerCallId: attempt.provider_call_id,
        });
        if (status.state === 'in_progress')
          await rememberState(configurationId, attempt.id, status.rawStatus);
        else setTimeout(() => void settleGone(configurationId, attempt.id, log), deps.settleGoneMs ?? 5000);
      } catch (error) {
        log.warn({ err: error, attempt_id: attempt.id }, 'ARI channel lookup after reconnect failed');
      }
    }
  }

  /** A call that ended while the stream was down: answered if we saw it answered; otherwise it rang unanswered. */
  async function settleGone(configurationId: number, attemptId: number, log: Logger) {
    const attempt = await db
      .selectFrom('attempts')
      .select(['state', 'provider_status', 'provider_call_id'])
      .where('id', '=', attemptId)
      .where('telephony_configuration_id', '=', configurationId)
      .executeTakeFirst();
    if (!attempt || attempt.state === 'finished') return;
    const answered = attempt.provider_status === 'Up';
    log.warn(
      { attempt_id: attemptId },
      'ARI call ended while the events stream was down; outcome from its last state',
    );
    await record({
      attemptId,
      outcome: answered ? 'completed' : 'no_answer',
      providerStatus: `${attempt.provider_status ?? 'unknown'}/ended-unobserved`,
      providerCause: null,
      providerCallId: attempt.provider_call_id,
    });
  }

  async function rememberState(configurationId: number, attemptId: number, state: string) {
    await db
      .updateTable('attempts')
      .set({ provider_status: state })
      .where('id', '=', attemptId)
      .where('provider', '=', 'ari')
      .where('telephony_configuration_id', '=', configurationId)
      .where('state', '!=', 'finished')
      // Once answered, a channel's later states never make it "unanswered" again.
      .where((eb) => eb.or([eb('provider_status', 'is', null), eb('provider_status', '!=', 'Up')]))
      .execute();
  }

  async function handleEvent(configurationId: number, event: AriEvent, organizationId: number) {
    if (event.type === 'StasisStart' && 'args' in event && event.args?.[0] === 'inbound') {
      await handleAriInbound(
        { ...deps, destinations },
        { configurationId, organizationId, channel: event.channel! },
      );
      return;
    }
    const attemptId = event.channel ? attemptIdOfChannel(event.channel.id) : null;
    if (attemptId === null) return;
    if (event.type === 'ChannelStateChange')
      await rememberState(configurationId, attemptId, event.channel!.state);
    if (event.type !== 'ChannelDestroyed' || !('cause' in event)) return;
    // Only this configuration's attempts: a channel id alone never reaches another organization's data.
    const attempt = await db
      .selectFrom('attempts')
      .select(['state', 'provider_status'])
      .where('id', '=', attemptId)
      .where('provider', '=', 'ari')
      .where('telephony_configuration_id', '=', configurationId)
      .executeTakeFirst();
    if (!attempt || attempt.state === 'finished') return;
    const answered = event.channel.state === 'Up' || attempt.provider_status === 'Up';
    const started = Date.parse(event.channel.creationtime ?? '');
    const ended = Date.parse(event.timestamp ?? '');
    await record({
      attemptId,
      outcome: ariOutcome(event.cause, answered),
      providerStatus: `${answered ? 'Up' : event.channel.state}/${event.cause_txt ?? event.cause}`,
      providerCause: `q850:${event.cause}`,
      providerCallId: event.channel.id,
      durationSeconds: answered && started && ended ? Math.max(0, Math.round((ended - started) / 1000)) : 0,
    });
  }

  async function record(report: AttemptOutcomeReport) {
    const recorded = await recordAttemptOutcome(db, report);
    logger.info(
      { provider: 'ari', attempt_id: report.attemptId, outcome: report.outcome },
      'call status received',
    );
    await notifyOutcomeStored(deps.temporal, recorded);
  }

  async function tick() {
    const wanted = new Set(await configurationsToWatch());
    for (const id of wanted) {
      const watched = streams.get(id);
      if (watched) watched.idleSince = null;
      else await watch(id);
    }
    for (const [id, watched] of streams) {
      if (wanted.has(id)) continue;
      watched.idleSince ??= Date.now();
      if (Date.now() - watched.idleSince > (deps.idleCloseMs ?? 30_000)) {
        watched.stream.close();
        streams.delete(id);
      }
    }
  }

  let timer: NodeJS.Timeout | null = null;
  const loop = async () => {
    try {
      await tick();
    } catch (error) {
      logger.warn({ err: error }, 'ARI listener tick failed');
    }
    if (!stopped) timer = setTimeout(() => void loop(), deps.pollMs ?? 1000);
  };
  void loop();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const watched of streams.values()) watched.stream.close();
      streams.clear();
    },
  };
}
