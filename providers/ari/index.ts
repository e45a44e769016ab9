/**
 * Asterisk over ARI: calls originated into the configuration's Stasis application, their ends and inbound calls
 * on the application's events WebSocket (no webhooks at all).
 */
import { connectWithEnvironment, type VendorAdapter } from '../adapter';
import { ariCallEventStream } from './ari-call-events';
import { answerAriInboundCall } from './ari-inbound';
import { ariMedia } from './ari-media';
import { createAriProvider } from './ari-provider';

export const ariAdapter: VendorAdapter = {
  name: 'ari',
  connect: connectWithEnvironment('ari', createAriProvider),
  // No status webhooks: call ends arrive on the events stream.
  inbound: { style: 'event_stream', answer: answerAriInboundCall },
  eventStream: ariCallEventStream,
  // Asterisk's WebSocket channel, connected into the caller's bridge by the process that claims the call.
  media: ariMedia,
};
