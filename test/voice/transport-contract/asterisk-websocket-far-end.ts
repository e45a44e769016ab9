/**
 * Asterisk's WebSocket channel (chan_websocket) spoken from Asterisk's side, for the transport contract suite: binary
 * μ-law 8 kHz audio, 160 bytes per 20 ms; text control messages as its documentation writes them (`MEDIA_START
 * key:value …`, `MEDIA_MARK_PROCESSED correlation_id:…`, `DTMF_END digit:…` from Asterisk; `MARK_MEDIA <id>`,
 * `FLUSH_MEDIA`, `HANGUP` from the application). No handshake signature, no stop message (Asterisk closes the
 * socket), no per-call parameters. The media channel's id names the caller's channel (`vac-media-<caller>`).
 */
import { ariMedia } from '../../../providers/ari/ari-media';
import { mulawToPcm, pcmToMulaw } from '../../../voice/audio/mulaw';
import type { VendorWire } from './far-end';

export const asteriskWebSocketFarEnd: VendorWire = {
  vendor: 'ari',
  media: ariMedia,
  beforeStart: () => [],
  start: ({ streamId, providerCallId }) =>
    `MEDIA_START connection_id:vac-media channel:${streamId} channel_id:vac-media-${providerCallId} ` +
    'format:ulaw optimal_frame_size:160 ptime:20',
  callerFrame: (pcm) => Buffer.from(pcmToMulaw(pcm)),
  dtmf: (digit) => `DTMF_END digit:${digit}`,
  markEcho: (name) => `MEDIA_MARK_PROCESSED correlation_id:${name}`,
  stop: () => null,
  hangUpReason: 'socket_closed',
  readAgent(data, isBinary) {
    if (isBinary)
      return data.length === 160 ? { kind: 'audio', pcm: mulawToPcm(data) } : `audio of ${data.length} bytes`;
    const [command, argument, extra] = data.toString('utf8').split(' ');
    if (command === 'MARK_MEDIA' && argument && extra === undefined) return { kind: 'mark', name: argument };
    if (command === 'FLUSH_MEDIA' && argument === undefined) return { kind: 'clear' };
    if (command === 'HANGUP' && argument === undefined) return { kind: 'stop' };
    return `not a command: ${data.toString('utf8')}`;
  },
  codec: (pcm) => mulawToPcm(pcmToMulaw(pcm)),
  malformed: () => [
    '',
    'not a notice',
    '{not json',
    '[]',
    JSON.stringify({ event: 7 }),
    'DTMF_END digit:x',
    'DTMF_END',
    'MEDIA_MARK_PROCESSED',
    'MEDIA_MARK_PROCESSED correlation_id:never-sent',
    'MEDIA_START connection_id:vac-media channel:again channel_id:vac-media-again format:ulaw',
    'STATUS queue_length:0 xon_level:800 xoff_level:900 queue_full:false bulk_media:false media_paused:false',
    'QUEUE_DRAINED',
    'NO_SUCH_NOTICE',
  ],
  signHandshake: null,
  startParameters: () => ({}),
};
