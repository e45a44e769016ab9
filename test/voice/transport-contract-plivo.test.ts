/**
 * Issue 16: Plivo's audio stream passes the media transport contract (test/voice/transport-contract/cases.ts) against
 * Plivo's far end, as Plivo documents it (no echo of a checkpoint a clear dropped) and as it would be should Plivo
 * echo those after all (each mark still comes back once); and keeps what is Plivo's own: the start's format, and
 * Plivo's documented start read as Plivo prints it.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transportContract } from './transport-contract/cases';
import { startServer } from './transport-contract/far-end';
import { plivoFarEnd } from './transport-contract/plivo-far-end';

transportContract(plivoFarEnd);
transportContract({ ...plivoFarEnd, echoesClearedMarks: true });

describe("Plivo's documented start", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(plivoFarEnd);
  });
  afterAll(() => server.close());

  it('is read as Plivo prints it, the extra headers this service did not write left out', async () => {
    const { socket, service } = await server.open();
    // Plivo's example start, verbatim (https://plivo.com/docs/voice/audio-streaming/audio-streaming#start).
    socket.send(`{
  "event": "start",
  "sequenceNumber": 1,
  "start": {
    "callId": "12345678-1234-1234-1234-123456789abc",
    "streamId": "87654321-4321-4321-4321-cba987654321",
    "accountId": "MAXXXXXXXXXXXXXXXXXX",
    "tracks": ["inbound"],
    "mediaFormat": {
      "encoding": "audio/x-mulaw",
      "sampleRate": 8000
    }
  },
  "extra_headers": "userId=12345;sessionId=abc-xyz"
}`);
    const transport = await service.accepted;
    expect(transport.start).toEqual({
      streamId: '87654321-4321-4321-4321-cba987654321',
      providerCallId: '12345678-1234-1234-1234-123456789abc',
      parameters: {},
    });
    socket.close();
  });
});

describe('a Plivo stream in a format other than the one the answer asked for', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(plivoFarEnd);
  });
  afterAll(() => server.close());

  for (const mediaFormat of [
    { encoding: 'audio/x-l16', sampleRate: 8000 },
    { encoding: 'audio/x-mulaw', sampleRate: 16000 },
  ])
    it(`is refused at its start (${mediaFormat.encoding} at ${mediaFormat.sampleRate} Hz), the socket closed with 1008`, async () => {
      const { socket, service } = await server.open();
      const closed = once(socket, 'close');
      socket.send(
        JSON.stringify({
          event: 'start',
          sequenceNumber: 1,
          start: { callId: 'c-1', streamId: 's-1', accountId: 'MA1', tracks: ['inbound'], mediaFormat },
          extra_headers: '',
        }),
      );
      await expect(service.accepted).rejects.toThrow(/malformed start/);
      expect(((await closed) as [number])[0]).toBe(1008);
    });
});
