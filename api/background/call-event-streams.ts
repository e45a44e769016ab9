/**
 * Some vendors (Asterisk) report call ends on a stream they keep open, not with webhooks, so the API process (the
 * webhook receiver) also follows those streams: one per configuration of such a vendor. After a drop it reconnects
 * and looks up, call by call, what happened to the calls it was watching.
 */
import type { Logger } from '../../config/logger';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { TemporalGateway } from '../../client/temporal';
import { storeReportedOutcome, type AttemptOutcomeReport } from '../../client/attempt-outcomes';
import { claimCallChannel } from '../../db/repositories/inbound-call-claims';
import {
  findStreamedAttempt,
  listConfigurationIdsOfProvider,
  listPlacedAttemptsOf,
  rememberProviderState,
} from '../../db/repositories/event-stream-attempts';
import { destinationPolicy } from '../../net/outbound-destinations';
import type { CallEvent, VendorAdapter } from '../../providers/adapter';
import { adaptersWithEventStreams, canPlaceCalls } from '../../providers/registry';
import { mediaStreamToken } from '../../providers/webhook-urls';
import type { WebhookCredentials } from '../../providers/webhook-request';
import { inboundDesk } from '../telephony/inbound-calls';
import { loadWebhookCredentials } from '../telephony/webhook-request';

export interface CallEventStreamsDeps {
  db: Db;
  config: Readonly<Config>;
  temporal: TemporalGateway;
  logger: Logger;
  pollMs?: number;
  /** A stream with nothing to watch for this long is closed. */
  idleCloseMs?: number;
  /** How long a call found gone after a reconnect waits for its own, queued, end event. */
  settleGoneMs?: number;
}

interface Watched {
  stream: { close(): void };
  idleSince: number | null;
}

type StreamingAdapter = ReturnType<typeof adaptersWithEventStreams>[number];

/** Follows the streams of every vendor that has them; `stop()` closes every stream. */
export function startCallEventStreams(deps: CallEventStreamsDeps): { stop(): Promise<void> } {
  const listeners = adaptersWithEventStreams().map((adapter) => startVendorStreams(deps, adapter));
  return {
    async stop() {
      await Promise.all(listeners.map((listener) => listener.stop()));
    },
  };
}

function startVendorStreams(
  deps: CallEventStreamsDeps,
  adapter: StreamingAdapter,
): { stop(): Promise<void> } {
  const { db, logger } = deps;
  const provider = adapter.name;
  const { answeredState } = adapter.eventStream;
  const destinations = destinationPolicy(deps.config.security.allowedPrivateDestinations);
  const streams = new Map<number, Watched>();
  let stopped = false;

  async function watch(configurationId: number) {
    const credentials = await loadWebhookCredentials(db, deps.config, configurationId);
    if (!credentials) return;
    const log = logger.child({ provider, telephony_configuration_id: configurationId });
    const calls = adapter.connect({
      configurationId,
      config: credentials.config,
      secrets: credentials.secrets,
      environment: { publicBaseUrl: deps.config.http.publicBaseUrl, destinations },
    });
    const stream = adapter.eventStream.open({
      credentials,
      destinations,
      onOpen: () => reconcile(configurationId, calls, log),
      onEvent: (event) => handleEvent(configurationId, event, credentials, log),
      onError: (error) => log.warn({ err: error }, `${provider} events stream error`),
    });
    streams.set(configurationId, { stream, idleSince: null });
  }

  /** After a (re)connection: calls still up are followed; calls gone meanwhile are settled from what we saw. */
  async function reconcile(
    configurationId: number,
    calls: ReturnType<VendorAdapter['connect']>,
    log: Logger,
  ) {
    if (!canPlaceCalls(calls)) return;
    const open = await listPlacedAttemptsOf(db, { provider, configurationId });
    for (const attempt of open) {
      try {
        const status = await calls.getCallStatus({
          attemptId: String(attempt.id),
          providerCallId: attempt.provider_call_id,
        });
        if (status.state === 'in_progress') await remember(configurationId, attempt.id, status.rawStatus);
        else setTimeout(() => void settleGone(configurationId, attempt.id, log), deps.settleGoneMs ?? 5000);
      } catch (error) {
        log.warn({ err: error, attempt_id: attempt.id }, `${provider} call lookup after reconnect failed`);
      }
    }
  }

  /** A call that ended while the stream was down: answered if we saw it answered; otherwise it rang unanswered. */
  async function settleGone(configurationId: number, attemptId: number, log: Logger) {
    const attempt = await findStreamedAttempt(db, { provider, configurationId, attemptId });
    if (!attempt || attempt.state === 'finished') return;
    const answered = attempt.provider_status === answeredState;
    log.warn(
      { attempt_id: attemptId },
      `${provider} call ended while the events stream was down; outcome from its last state`,
    );
    await record({
      attemptId,
      outcome: answered ? 'completed' : 'no_answer',
      providerStatus: `${attempt.provider_status ?? 'unknown'}/ended-unobserved`,
      providerCause: null,
      providerCallId: attempt.provider_call_id,
    });
  }

  async function remember(configurationId: number, attemptId: number, state: string) {
    await rememberProviderState(db, { provider, configurationId, attemptId, state, answeredState });
  }

  async function handleEvent(
    configurationId: number,
    event: CallEvent,
    credentials: WebhookCredentials,
    log: Logger,
  ) {
    if (event.type === 'inbound_call') return answerInbound(configurationId, credentials, event, log);
    if (event.type === 'state_changed') return remember(configurationId, event.attemptId, event.state);
    if (event.type === 'answered') return connectOutbound(configurationId, credentials, event, log);
    const attempt = await findStreamedAttempt(db, { provider, configurationId, attemptId: event.attemptId });
    if (!attempt || attempt.state === 'finished') return;
    await record({ attemptId: event.attemptId, ...event.report(attempt.provider_status === answeredState) });
  }

  /** Every process connected to the stream hears the call: the one that claims it answers it and connects it. */
  async function answerInbound(
    configurationId: number,
    streamCredentials: WebhookCredentials,
    event: Extract<CallEvent, { type: 'inbound_call' }>,
    log: Logger,
  ) {
    if (adapter.inbound?.style !== 'event_stream') return;
    const { providerCallId } = event.call;
    if (!(await claimCallChannel(db, provider, providerCallId))) return;
    const credentials = await loadWebhookCredentials(db, deps.config, configurationId);
    if (!credentials) return;
    const { organizationId } = streamCredentials;
    const desk = inboundDesk({ db, config: deps.config }, { organizationId, configurationId, provider }, log);
    const decision = await desk.decide(event.call);
    await adapter.inbound.answer({ credentials, destinations, providerCallId }, decision.accepted);
    if (decision.accepted) await connectMedia(credentials, providerCallId, decision.runId, log);
  }

  /** An answered outbound call of ours: every process hears it, the one that claims its channel connects it. */
  async function connectOutbound(
    configurationId: number,
    credentials: WebhookCredentials,
    event: Extract<CallEvent, { type: 'answered' }>,
    log: Logger,
  ) {
    const attempt = await findStreamedAttempt(db, { provider, configurationId, attemptId: event.attemptId });
    if (!attempt || attempt.state === 'finished' || attempt.run_id === null) return;
    if (!(await claimCallChannel(db, provider, event.providerCallId))) return;
    await connectMedia(
      credentials,
      event.providerCallId,
      attempt.run_id,
      log.child({ attempt_id: event.attemptId }),
    );
  }

  async function connectMedia(
    credentials: WebhookCredentials,
    providerCallId: string,
    runId: number,
    log: Logger,
  ) {
    if (!adapter.eventStream.connectMedia || !adapter.media) return;
    const streamToken = mediaStreamToken(deps.config, provider, runId);
    await adapter.eventStream.connectMedia({ credentials, destinations, providerCallId, streamToken, log });
  }

  async function record(report: AttemptOutcomeReport) {
    await storeReportedOutcome(deps, report);
    logger.info({ provider, attempt_id: report.attemptId, outcome: report.outcome }, 'call status received');
  }

  async function tick() {
    const wanted = new Set(await listConfigurationIdsOfProvider(db, provider));
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
      logger.warn({ err: error }, `${provider} events listener tick failed`);
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
