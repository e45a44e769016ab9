/**
 * How a Telnyx call asks for its media stream, the same on `POST /v2/calls` (dial: the stream opens at answer) and on
 * the `answer` command: Telnyx's documented Media Streaming fields. `stream_track: inbound_track` streams the
 * caller only; `stream_bidirectional_mode: rtp` with `stream_bidirectional_codec: PCMU` makes Telnyx play the `media`
 * messages we send (without it what we send is dropped silently); `stream_codec: PCMU` keeps the caller's audio in
 * PCMU whatever codec the call itself uses, the one encoding the transport (telnyx-media.ts) reads.
 */
export function telnyxStreamFields(streamUrl: string): Record<string, string> {
  return {
    stream_url: streamUrl,
    stream_track: 'inbound_track',
    stream_codec: 'PCMU',
    stream_bidirectional_mode: 'rtp',
    stream_bidirectional_codec: 'PCMU',
  };
}
