/**
 * Twilio Media Streams spoken from Twilio's side, for the transport contract suite: JSON text messages, caller audio
 * as base64 μ-law at 8 kHz, the handshake signed with `X-Twilio-Signature` by the Twilio fake's own signer.
 */
import { twilioMedia } from '../../../providers/twilio/twilio-media';
import { mulawToPcm, pcmToMulaw } from '../../../voice/audio/mulaw';
import { twilioSigned } from '../../providers/fakes/twilio-fake';
import { NOT_JSON_MESSAGES, type VendorWire } from './far-end';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const json = (message: unknown) => JSON.stringify(message);

export const twilioFarEnd: VendorWire = {
  vendor: 'twilio',
  media: twilioMedia,
  beforeStart: () => [json({ event: 'connected', protocol: 'Call', version: '1.0.0' })],
  start: ({ streamId, providerCallId, parameters }) =>
    json({
      event: 'start',
      sequenceNumber: '1',
      streamSid: streamId,
      start: {
        streamSid: streamId,
        accountSid: ACCOUNT_SID,
        callSid: providerCallId,
        tracks: ['inbound'],
        customParameters: parameters,
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    }),
  callerFrame: (pcm) =>
    json({
      event: 'media',
      media: { track: 'inbound', payload: Buffer.from(pcmToMulaw(pcm)).toString('base64') },
    }),
  dtmf: (digit) => json({ event: 'dtmf', dtmf: { track: 'inbound_track', digit } }),
  hangUpReason: 'stop',
  markEcho: (name) => json({ event: 'mark', mark: { name } }),
  stop: () => json({ event: 'stop', stop: { accountSid: ACCOUNT_SID } }),
  readAgent(data, isBinary, start) {
    if (isBinary) return 'a binary message';
    const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
    if (message.streamSid !== start.streamId) return `a ${String(message.event)} for another stream`;
    if (message.event === 'media') {
      const bytes = Buffer.from((message.media as { payload: string }).payload, 'base64');
      return bytes.length === 160
        ? { kind: 'audio', pcm: mulawToPcm(bytes) }
        : `media of ${bytes.length} bytes`;
    }
    if (message.event === 'mark') return { kind: 'mark', name: (message.mark as { name: string }).name };
    if (message.event === 'clear') return { kind: 'clear' };
    return `unknown event ${String(message.event)}`;
  },
  codec: (pcm) => mulawToPcm(pcmToMulaw(pcm)),
  malformed: (start) => [
    ...NOT_JSON_MESSAGES,
    json({ event: 'media', streamSid: start.streamId, media: { track: 'inbound' } }),
    json({ event: 'media', streamSid: start.streamId, media: { track: 'outbound', payload: 'AAAA' } }),
    json({ event: 'dtmf', streamSid: start.streamId, dtmf: { digit: 'x' } }),
    json({ event: 'mark', streamSid: start.streamId, mark: {} }),
    json({ event: 'no-such-event', streamSid: start.streamId }),
  ],
  signHandshake: (url, key) => ({ 'x-twilio-signature': twilioSigned(key, url, new URLSearchParams()) }),
};
