/**
 * Plivo's side of an audio stream, for end-to-end tests (Plivo's documented Audio Streaming protocol): it reads the
 * `<Stream bidirectional="true">` XML this service answered with, opens the WebSocket at the element's text as Plivo
 * does (no signature: Plivo documents none for streams), sends `start` relaying the `extraHeaders` attribute as
 * `extra_headers`, then caller audio as continuous 20 ms μ-law `media` messages on a virtual media clock, and `dtmf`
 * on request. The agent's `playAudio` is played back against that same clock; a `checkpoint` comes back as
 * `playedStream` once playback reaches it, never when a `clearAudio` dropped it first (Plivo echoes only played
 * checkpoints); a `clearAudio` is answered with `clearedAudio`. A hang-up closes the socket: Plivo sends no stop
 * message. The clock, playback and records are those of the in-memory far end (test/voice/fakes/memory-transport.ts).
 */
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { callerOn, openStreamSocket, socketClosed } from './stream-socket';
import { mulawToPcm, pcmToMulaw } from '../../../voice/audio/mulaw';
import { MemoryTransport } from '../../voice/fakes/memory-transport';
import type { CallerLine } from '../../voice/live-call-scenarios';
import { plivoDocumentedStart } from '../../voice/transport-contract/plivo-far-end';

/** What a `<Stream>` answer says, read with regular expressions (not with the code under test). */
export function streamOfPlivoXml(xml: string): { url: string; extraHeaders: string } {
  const stream =
    /<Response><Stream bidirectional="true" keepCallAlive="true" contentType="audio\/x-mulaw;rate=8000"(?: extraHeaders="([A-Za-z0-9=,]*)")?>([^<]+)<\/Stream><\/Response>$/.exec(
      xml,
    );
  if (!stream) throw new Error(`not a bidirectional <Stream> answer: ${xml}`);
  // Plivo's rule for the attribute (https://docs.plivo.com/docs/voice/xml/audiostream): [A-Za-z0-9] pairs, 512 bytes.
  if ((stream[1] ?? '').length > 512) throw new Error(`Plivo refuses extraHeaders over 512 bytes: ${xml}`);
  return { url: stream[2]!.replace(/&amp;/g, '&'), extraHeaders: stream[1] ?? '' };
}

/** Plivo's side of one stream: the far end, what the service sent, and Plivo's refusals of it. */
export interface PlivoMediaFake extends CallerLine {
  readonly streamId: string;
  readonly callId: string;
}

export type PlivoStreamOpening = { opened: true; fake: PlivoMediaFake } | { opened: false; status: number };

/** Opens the stream an answer's XML names; `speed` is how many times faster than real time caller frames go. */
export async function openPlivoStream(options: {
  xml: string;
  callId?: string;
  speed?: number;
}): Promise<PlivoStreamOpening> {
  const { url, extraHeaders } = streamOfPlivoXml(options.xml);
  const opened = await openStreamSocket(url);
  if ('status' in opened) return { opened: false, status: opened.status };
  const { socket } = opened;

  const streamId = randomUUID();
  const callId = options.callId ?? randomUUID();
  const relayed = extraHeaders.split(',').join(';');
  const far = new MemoryTransport(8000, options.speed ?? 10);
  const sent: PlivoMediaFake['sent'] = [];
  const violations: string[] = [];
  let sequence = 0;
  let chunk = 0;
  const send = (message: Record<string, unknown>) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    socket.send(JSON.stringify({ ...message, sequenceNumber: (sequence += 1) }));
  };

  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    sent.push({ atMs: far.mediaMs, message });
    if (message.event === 'playAudio') {
      const media = message.media as { contentType?: string; sampleRate?: number; payload?: string };
      if (media.contentType !== 'audio/x-mulaw' || media.sampleRate !== 8000)
        return violations.push(`playAudio as ${String(media.contentType)} at ${String(media.sampleRate)}`);
      return far.play(mulawToPcm(Buffer.from(media.payload ?? '', 'base64')));
    }
    if (message.streamId !== streamId)
      return violations.push(`a ${String(message.event)} for another stream`);
    if (message.event === 'checkpoint' && typeof message.name === 'string') return far.mark(message.name);
    if (message.event === 'clearAudio') {
      far.clear();
      return send({ event: 'clearedAudio', streamId });
    }
    violations.push(`unknown event ${String(message.event)}`);
  });
  const closed = socketClosed(socket, far);

  far.on('audio', (frame) => {
    chunk += 1;
    const payload = Buffer.from(pcmToMulaw(frame)).toString('base64');
    const timestamp = String(Date.UTC(2026, 0, 1) + far.mediaMs - 20);
    send({
      event: 'media',
      streamId,
      media: { track: 'inbound', timestamp, chunk, payload },
      extra_headers: relayed,
    });
  });
  far.on('mark', (name) => {
    if (far.marks.at(-1)?.cleared) return;
    send({ event: 'playedStream', streamId, name });
  });
  far.on('dtmf', (digit) => send({ event: 'dtmf', streamId, dtmf: { track: 'inbound', digit } }));

  // Plivo's documented start, sequence number 1, the answer's extraHeaders relayed (plivo-far-end.ts).
  socket.send(plivoDocumentedStart({ callId, streamId }, relayed));
  sequence = 1;

  const fake: PlivoMediaFake = {
    streamId,
    callId,
    far,
    sent,
    violations,
    ...callerOn(far),
    closed,
  };
  return { opened: true, fake };
}
