/**
 * Issue 16, Asterisk: the WebSocket channel transport passes the contract suite, whether Asterisk echoes the marks a
 * FLUSH_MEDIA dropped or not (its documentation does not say); and it holds audio while Asterisk's queue is full
 * (MEDIA_XOFF) until MEDIA_XON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asteriskWebSocketFarEnd } from './transport-contract/asterisk-websocket-far-end';
import { transportContract } from './transport-contract/cases';
import { startServer } from './transport-contract/far-end';

transportContract(asteriskWebSocketFarEnd);
transportContract({ ...asteriskWebSocketFarEnd, echoesClearedMarks: false });

describe("Asterisk's WebSocket channel: flow control", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(asteriskWebSocketFarEnd);
  });
  afterAll(() => server.close());
  const start = (n: number) => ({
    streamId: `WebSocket/vac-media-${n}`,
    providerCallId: `caller-${n}`,
    parameters: {},
  });
  const kinds = (items: Array<{ kind: string; name?: string }>) =>
    items.map((item) => (item.kind === 'mark' ? `mark ${item.name}` : item.kind));

  /** The far end says MEDIA_XOFF; the transport has read it once the DTMF sent after it comes through. */
  async function pausedStream(n: number) {
    const opened = await server.started(start(n));
    opened.farEnd.send('MEDIA_XOFF');
    opened.farEnd.send('DTMF_END digit:1');
    await opened.events.until((items) => items.some(([kind]) => kind === 'dtmf'));
    return opened;
  }

  it('holds audio and marks after MEDIA_XOFF and sends them, in order, after MEDIA_XON', async () => {
    const { farEnd, transport } = await pausedStream(1);
    transport.play(new Int16Array(320).fill(1000));
    transport.mark('held');
    farEnd.send('MEDIA_XON');
    const received = await farEnd.agent.until((items) => items.length >= 3);
    expect(kinds(received)).toEqual(['audio', 'audio', 'mark held']);
  });

  it('a clear while paused drops what was held: only FLUSH_MEDIA goes out, and the held mark comes back', async () => {
    const { farEnd, transport, events } = await pausedStream(2);
    transport.play(new Int16Array(480).fill(1000));
    transport.mark('dropped');
    transport.clear();
    const received = await farEnd.agent.until((items) => items.length >= 1);
    expect(kinds(received)).toEqual(['clear']);
    expect(events.items.filter(([kind]) => kind === 'mark')).toEqual([['mark', 'dropped']]);
    farEnd.send('MEDIA_XON');
    transport.mark('after');
    expect(kinds(await farEnd.agent.until((items) => items.length >= 2))).toEqual(['clear', 'mark after']);
  });
});
