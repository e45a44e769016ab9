/**
 * The transports the voice benchmark can speak, by the name `--transport` takes: each is the vendor's wire as the
 * transport contract suite speaks it from the vendor's side (test/voice/transport-contract/*-far-end.ts), so the
 * benchmark's callers encode, sign and read exactly what the contract suite checks the adapters against, and where
 * that vendor opens a run's stream.
 */
import type { Config } from '../../config';
import { MEDIA_STREAM_ROUTE, mediaStreamToken, mediaStreamUrl } from '../../providers/webhook-urls';
import { asteriskWebSocketFarEnd } from '../../test/voice/transport-contract/asterisk-websocket-far-end';
import type { VendorWire } from '../../test/voice/transport-contract/far-end';
import { plivoFarEnd } from '../../test/voice/transport-contract/plivo-far-end';
import { simulatorFarEnd } from '../../test/voice/transport-contract/simulator-far-end';
import { telnyxStreamWire } from '../../test/voice/transport-contract/telnyx-far-end';
import { twilioFarEnd } from '../../test/voice/transport-contract/twilio-far-end';
import { vonageFarEnd } from '../../test/voice/transport-contract/vonage-far-end';

type StreamUrlOf = (config: Pick<Config, 'appSecret' | 'media'>, provider: string, runId: number) => string;

export interface BenchTransport {
  /** The wire of one more call: a wire that keeps per-stream state (Telnyx's sequence numbers) is new each time. */
  newWire(): VendorWire;
  /** Where the vendor opens a run's stream. */
  streamUrl: StreamUrlOf;
}

/**
 * Asterisk opens its websocket_client.conf connection's fixed URI with the per-call values of `v(…)` as query
 * parameters (providers/ari/ari-media-leg.ts): the run's token as `?token=`.
 */
const tokenInQuery: StreamUrlOf = (config, provider, runId) =>
  `${config.media.publicUrl}${MEDIA_STREAM_ROUTE}/${provider}?token=${mediaStreamToken(config, provider, runId)}`;

const TRANSPORTS: Record<string, BenchTransport> = {
  twilio: { newWire: () => twilioFarEnd, streamUrl: mediaStreamUrl },
  simulator: { newWire: () => simulatorFarEnd, streamUrl: mediaStreamUrl },
  telnyx: { newWire: telnyxStreamWire, streamUrl: mediaStreamUrl },
  vonage: { newWire: () => vonageFarEnd, streamUrl: mediaStreamUrl },
  plivo: { newWire: () => plivoFarEnd, streamUrl: mediaStreamUrl },
  asterisk: { newWire: () => asteriskWebSocketFarEnd, streamUrl: tokenInQuery },
};

export const BENCH_TRANSPORTS = Object.keys(TRANSPORTS);

/** The transport of a name; throws, naming the ones there are, for any other. */
export function benchTransport(name: string): BenchTransport {
  const transport = TRANSPORTS[name];
  if (!transport) throw new Error(`unknown transport '${name}': one of ${BENCH_TRANSPORTS.join(', ')}`);
  return transport;
}
