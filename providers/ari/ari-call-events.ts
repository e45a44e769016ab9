/**
 * The ARI events of our Stasis application in this service's terms: inbound calls, answered outbound calls, channel
 * states, call ends; and each call's bridge kept whole (ari-media-leg.ts).
 */
import type { CallEvent, CallEventStream } from '../adapter';
import { ariOutcome, attemptIdOfChannel } from './ari-causes';
import { ariConnectionOf, ariRequester } from './ari-client';
import { ariLegRules, connectAriMedia } from './ari-media-leg';
import { openAriEventStream, type AriEvent } from './ari-events';

/** Asterisk's state of an answered channel. */
const ANSWERED = 'Up';

/** One ARI event as a call event; null for events of channels this service neither originated nor answers. */
export function callEventOf(event: AriEvent): CallEvent | null {
  if (event.type === 'StasisStart' && 'args' in event && event.args?.[0] === 'inbound') {
    const channel = event.channel!;
    return {
      type: 'inbound_call',
      call: {
        providerCallId: channel.id,
        to: channel.dialplan?.exten ?? '',
        from: channel.caller?.number ?? '',
      },
    };
  }
  const attemptId = event.channel ? attemptIdOfChannel(event.channel.id) : null;
  if (attemptId === null) return null;
  // An originated channel enters the application when the callee answers.
  if (event.type === 'StasisStart' && 'args' in event && event.args?.[0] === 'outbound')
    return { type: 'answered', attemptId, providerCallId: event.channel!.id };
  if (event.type === 'ChannelStateChange')
    return { type: 'state_changed', attemptId, state: event.channel!.state };
  if (event.type !== 'ChannelDestroyed' || !('cause' in event)) return null;
  const { channel, cause } = event;
  return {
    type: 'ended',
    attemptId,
    report(answeredBefore) {
      const answered = channel.state === ANSWERED || answeredBefore;
      const started = Date.parse(channel.creationtime ?? '');
      const ended = Date.parse(event.timestamp ?? '');
      return {
        outcome: ariOutcome(cause, answered),
        providerStatus: `${answered ? ANSWERED : channel.state}/${event.cause_txt ?? cause}`,
        providerCause: `q850:${cause}`,
        providerCallId: channel.id,
        durationSeconds: answered && started && ended ? Math.max(0, Math.round((ended - started) / 1000)) : 0,
      };
    },
  };
}

/** The application's events WebSocket of one configuration, read as call events. */
export const ariCallEventStream: CallEventStream = {
  answeredState: ANSWERED,
  open({ credentials, destinations, onOpen, onEvent, onError }) {
    const connection = ariConnectionOf(credentials.config, credentials.secrets);
    const legRules = ariLegRules(ariRequester(connection, destinations), {
      warn: (fields, message) => onError(Object.assign(new Error(message), fields)),
    });
    return openAriEventStream({
      url: connection.eventsUrl,
      authorization: connection.authorization,
      destinations,
      onOpen,
      onEvent: async (event) => {
        await legRules(event).catch(onError);
        const callEvent = callEventOf(event);
        if (callEvent) await onEvent(callEvent);
      },
      onError,
    });
  },
  connectMedia({ credentials, destinations, providerCallId, streamToken, log }) {
    const connection = ariConnectionOf(credentials.config, credentials.secrets);
    return connectAriMedia({
      request: ariRequester(connection, destinations),
      config: credentials.config,
      app: connection.app,
      providerCallId,
      streamToken,
      log,
    });
  },
};
