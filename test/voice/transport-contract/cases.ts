/**
 * The contract every media transport (voice/media-transport.ts `MediaAdapter`) passes, whatever its vendor: one case
 * list, run against a vendor's far end (a VendorWire) over a real loopback WebSocket. Every wait is on an event.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameSamples } from '../../../voice/audio/frames';
import type { MediaStreamStart } from '../../../voice/media-transport';
import { startServer, type AgentWire, type Grows, type TransportEvent, type VendorWire } from './far-end';
import { turnTakingCases } from './turn-taking-cases';

let streams = 0;
/** A fresh start for each stream: ids and parameters a transport must pass on unchanged. */
const nextStart = (): MediaStreamStart => {
  streams += 1;
  return {
    streamId: `MZ${String(streams).padStart(32, '0')}`,
    providerCallId: `CA${String(streams).padStart(32, 'f')}`,
    parameters: { run_id: '42', attempt_id: String(streams), note: 'a "quoted" & <odd> value' },
  };
};

/** `length` samples, loud and distinct (positive and negative), starting at `from`. */
const ramp = (length: number, from = 0) =>
  Int16Array.from({ length }, (_, i) => (((from + i) * 389) % 20000) - 10000);

/** What the far end received, one word per message: `audio`, `mark <name>`, `clear`, `stop`. */
const wireKinds = (items: AgentWire[]) =>
  items.map((item) => (item.kind === 'mark' ? `mark ${item.name}` : item.kind));

/** The names of the marks the transport emitted, once `count` have come back. */
async function echoedMarks(events: Grows<TransportEvent>, count: number) {
  const marksIn = (items: TransportEvent[]) =>
    items.filter(([kind]) => kind === 'mark').map(([, name]) => name);
  return marksIn(await events.until((items) => marksIn(items).length >= count));
}

export function transportContract(wire: VendorWire): void {
  const FRAME = frameSamples(wire.media.sampleRate);

  describe(`the media transport contract: ${wire.vendor} (${wire.media.transport})`, () => {
    let server: Awaited<ReturnType<typeof startServer>>;
    beforeAll(async () => {
      server = await startServer(wire);
    });
    afterAll(() => server.close());

    it(
      wire.signHandshake
        ? 'verifies the signed handshake, refusing an unsigned or wrongly keyed one'
        : 'has no handshake signature to verify',
      () => {
        const sign = wire.signHandshake;
        if (!sign) return expect(wire.media.verifyHandshake).toBeUndefined();
        const url = `wss://media.example.com/media/${wire.vendor}/42.1795000000.token`;
        const verify = wire.media.verifyHandshake!;
        expect(verify({ url, headers: sign(url, 'the-key') }, 'the-key')).toBe(true);
        expect(verify({ url, headers: {} }, 'the-key')).toBe(false);
        expect(verify({ url, headers: sign(url, 'another-key') }, 'the-key')).toBe(false);
        if (wire.handshakeSignsUrl !== false)
          expect(verify({ url: url.replace('/42.', '/43.'), headers: sign(url, 'the-key') }, 'the-key')).toBe(
            false,
          );
      },
    );

    it("reads the start: stream id, call id and parameters, at the adapter's rate", async () => {
      const start = nextStart();
      const { transport } = await server.started(start);
      const parameters = wire.startParameters?.(start.parameters) ?? start.parameters;
      const streamId = wire.streamIdOf?.(start) ?? start.streamId;
      expect(transport.start).toEqual({ ...start, streamId, parameters });
      expect(transport.sampleRate).toBe(wire.media.sampleRate);
    });

    it("delivers caller audio as exact 20 ms frames at the transport's rate, after the vendor's codec", async () => {
      const { farEnd, events } = await server.started(nextStart());
      const sent = [ramp(FRAME), ramp(FRAME, FRAME), new Int16Array(FRAME)];
      for (const frame of sent) farEnd.frame(frame);
      const heard = await events.until((items) => items.length >= 3);
      expect(heard.map(([kind]) => kind)).toEqual(['audio', 'audio', 'audio']);
      for (const [index, [, frame]] of heard.entries()) {
        expect((frame as Int16Array).length).toBe(FRAME);
        expect(Array.from(frame as Int16Array)).toEqual(Array.from(wire.codec(sent[index]!)));
      }
      expect(Array.from(heard[0]![1] as Int16Array)).not.toEqual(Array.from(heard[1]![1] as Int16Array));
    });

    it('carries agent audio to the far end intact, in whole frames, the last one padded with silence', async () => {
      const { farEnd, transport } = await server.started(nextStart());
      const speech = ramp(Math.round(FRAME * 3.5));
      transport.play(speech.subarray(0, Math.round(FRAME * 1.3)));
      transport.play(speech.subarray(Math.round(FRAME * 1.3)));
      transport.mark('end');
      const received = await farEnd.agent.until((items) => items.some((item) => item.kind === 'mark'));
      expect(wireKinds(received)).toEqual(['audio', 'audio', 'audio', 'audio', 'mark end']);
      const audio = farEnd.agentAudio();
      expect(audio.length).toBe(FRAME * 4);
      expect(Array.from(audio.subarray(0, speech.length))).toEqual(Array.from(wire.codec(speech)));
      expect(audio.subarray(speech.length).every((sample) => sample === 0)).toBe(true);
      expect(farEnd.refusals).toEqual([]);
    });

    it('sends marks after the audio before them; their echoes come back in order once playback reaches them', async () => {
      const { farEnd, transport, events } = await server.started(nextStart());
      transport.play(ramp(FRAME * 2));
      transport.mark('m1');
      transport.play(ramp(FRAME));
      transport.mark('m2');
      const received = await farEnd.agent.until((items) => items.length >= 5);
      expect(wireKinds(received)).toEqual(['audio', 'audio', 'mark m1', 'audio', 'mark m2']);
      for (let frame = 0; frame < 3; frame++) farEnd.frame();
      expect(await echoedMarks(events, 2)).toEqual(['m1', 'm2']);
      expect(farEnd.far.marks.map(({ name, atMs }) => [name, atMs])).toEqual([
        ['m1', 40],
        ['m2', 60],
      ]);
    });

    it("clear drops the agent's queued audio, at the transport and at the far end, and pending marks come back", async () => {
      const { farEnd, transport, events } = await server.started(nextStart());
      transport.play(ramp(FRAME * 3));
      transport.mark('p1');
      transport.play(ramp(FRAME / 2)); // less than a frame: still queued at the transport
      transport.clear();
      transport.mark('p2');
      const received = await farEnd.agent.until((items) => items.length >= 6);
      // Nothing of the half frame went out: the mark after the clear follows it directly.
      expect(wireKinds(received)).toEqual(['audio', 'audio', 'audio', 'mark p1', 'clear', 'mark p2']);
      // The clear returned p1 unplayed; p2, with no audio before it, comes back on the next caller frame.
      farEnd.frame();
      expect(await echoedMarks(events, 2)).toEqual(['p1', 'p2']);
      expect(farEnd.far.marks.map(({ name, cleared }) => [name, cleared])).toEqual([
        ['p1', true],
        ['p2', false],
      ]);
      expect(farEnd.far.heardFrames).toEqual([]);
    });

    it('passes on the DTMF digits the caller presses, in order', async () => {
      const { farEnd, events } = await server.started(nextStart());
      const digits = ['1', '9', '0', '*', '#', 'A', 'D'];
      for (const digit of digits) farEnd.send(wire.dtmf(digit));
      const pressed = await events.until((items) => items.length >= digits.length);
      expect(pressed).toEqual(digits.map((digit) => ['dtmf', digit]));
    });

    it('emits closed once when the far end hangs up', async () => {
      const { farEnd, service, events } = await server.started(nextStart());
      farEnd.hangUp();
      await Promise.all([farEnd.closed, service.socketClosed]);
      const closed = await events.until((items) => items.some(([kind]) => kind === 'closed'));
      expect(closed).toEqual([['closed', wire.hangUpReason]]);
    });

    it('close() from our side closes the socket and emits closed once', async () => {
      const { farEnd, service, transport, events } = await server.started(nextStart());
      transport.close('agent_done');
      transport.close('again');
      expect(await farEnd.closed).toBe(1000);
      await service.socketClosed;
      expect(events.items).toEqual([['closed', 'agent_done']]);
    });

    it('tells a closed listener added after the far end hung up (a call still loading)', async () => {
      const { farEnd, service, transport } = await server.started(nextStart());
      farEnd.hangUp();
      await service.socketClosed;
      const late = await new Promise<string>((resolve) => transport.on('closed', resolve));
      expect(late).toBe(wire.hangUpReason);
    });

    it('emits closed once when the connection drops without a close frame', async () => {
      const { farEnd, service, events } = await server.started(nextStart());
      farEnd.drop();
      await service.socketClosed;
      const closed = await events.until((items) => items.some(([kind]) => kind === 'closed'));
      expect(closed).toHaveLength(1);
      if (wire.stop() !== null) expect(closed[0]![1]).not.toBe(wire.hangUpReason);
    });

    it('rejects accept, closing the socket, when no start comes within startTimeoutMs', async () => {
      const { socket, service } = await server.open({ startTimeoutMs: 50 });
      const closed = once(socket, 'close');
      for (const message of wire.beforeStart()) socket.send(message);
      await expect(service.accepted).rejects.toThrow();
      expect(((await closed) as [number])[0]).toBe(1008);
    });

    it('ignores malformed messages and carries on', async () => {
      const start = nextStart();
      const { farEnd, events } = await server.started(start);
      for (const message of wire.malformed(start)) farEnd.send(message);
      farEnd.send(wire.dtmf('5'));
      farEnd.frame(ramp(FRAME));
      const after = await events.until((items) => items.length >= 2);
      expect(after.map(([kind, value]) => (kind === 'audio' ? kind : [kind, value]))).toEqual([
        ['dtmf', '5'],
        'audio',
      ]);
      expect(farEnd.socket.readyState).toBe(farEnd.socket.OPEN);
    });

    turnTakingCases((start) => server.started(start), nextStart);
  });
}
