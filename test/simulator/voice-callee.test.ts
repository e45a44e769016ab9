import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createLanguageModel } from '../../llm';
import { simulatorAdapter } from '../../providers/simulator';
import { StreamRefusedError } from '../../simulator/far-end';
import { talkAsCallee, type CalleeRole } from '../../simulator/voice-callee';
import { rms } from '../../voice/audio/frames';
import type { MediaTransport } from '../../voice/media-transport';
import { createLocalSynthesizer } from '../../voice/tts/local-synthesizer';
import { capturedLogger } from '../helpers/captured-logs';
import { startOpenAiFake, type OpenAiFake } from '../runtime/fakes/openai-fake';

/**
 * The simulated callee (simulator/voice-callee.ts over far-end.ts) against the agent's end of a real simulator
 * media stream (the adapter's transport on a local WebSocket server, as the media process takes it), unpaced.
 * The agent here is the test: it plays audio and marks with text, as the voice pipeline does, and watches what the
 * callee sends, counting frames as the call's clock.
 */

const FRAME_SECONDS = 0.02;
/** Speech louder than this RMS (flite `slt` speaks at thousands); silence is 0. */
const SPEECH_RMS = 200;

interface AgentEnd {
  transport: MediaTransport;
  /** Each caller event with the number of caller frames received before it. */
  events: Array<{ at: number; event: string; value: string }>;
  frames: number;
  speechFrames: number;
  closed: Promise<string>;
  /** Plays `seconds` of a tone, then a mark carrying `text`. */
  say(name: string, text: string, seconds?: number): void;
  /** Resolves when the callee sends text (a reply) after `count` texts. */
  nextText(count: number): Promise<string>;
}

describe('the simulated callee on a media stream', () => {
  let server: WebSocketServer;
  let url: string;
  let fake: OpenAiFake;
  const agents: AgentEnd[] = [];
  let connected: (agent: AgentEnd) => void = () => undefined;
  const synthesizer = createLocalSynthesizer();
  const { logger, lines } = capturedLogger();

  beforeAll(async () => {
    fake = await startOpenAiFake();
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/media/simulator/token`;
    server.on('connection', (socket) => {
      void simulatorAdapter.media!.accept(socket, { startTimeoutMs: 2000 }).then((transport) => {
        const agent = agentEnd(transport);
        agents.push(agent);
        connected(agent);
      });
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await fake?.close();
  });

  /** The persona's LLM: the OpenAI fake, no retries. */
  const fakeModel = () =>
    createLanguageModel({
      llm: {
        baseUrl: fake.baseUrl,
        apiKey: 'test',
        model: 'gpt-4o-mini',
        timeoutMs: 5000,
        maxRetries: 0,
        templateAttempts: 1,
      },
    })!;

  const call = (role: CalleeRole, options: { limitSeconds?: number; url?: string } = {}) => {
    const agent = new Promise<AgentEnd>((resolve) => (connected = resolve));
    const result = talkAsCallee({
      stream: { url: options.url ?? url, parameters: { run_id: '7', attempt_id: '9' } },
      callSid: 'SIMcallee',
      role,
      synthesizer,
      speed: 0,
      limitSeconds: options.limitSeconds ?? 120,
      signal: new AbortController().signal,
      logger,
    });
    return { agent, result };
  };

  it('waits for the agent, follows its script turn by turn, says each utterance with its text, presses keys and hangs up', async () => {
    const { agent: connecting, result } = call({
      kind: 'script',
      lines: ['Hello, who is this?', 'Yes please. [press 1#]', 'Thanks, goodbye. [hang up]'],
    });
    const agent = await connecting;
    expect(agent.transport.start).toEqual({
      streamId: 'SIMSTREAMcallee',
      providerCallId: 'SIMcallee',
      parameters: { run_id: '7', attempt_id: '9' },
    });
    // Until the agent speaks, the callee sends silence only.
    await until(() => agent.frames >= 100);
    expect(agent.speechFrames).toBe(0);
    expect(agent.events).toEqual([]);

    agent.say('greeting', 'Hello, this is Acme calling.');
    expect(await agent.nextText(0)).toBe('Hello, who is this?');
    agent.say('offer', 'Would you like a demo of Rocket?');
    expect(await agent.nextText(1)).toBe('Yes please.');
    // The agent lets the callee finish its turn (its words, then its keys) before it speaks.
    await until(() => agent.events.some((event) => event.value === '#'));
    agent.say('goodbye', 'Thank you, goodbye!');
    expect(await agent.nextText(2)).toBe('Thanks, goodbye.');
    expect(await agent.closed).toBe('stop');
    const end = await result;

    expect(end).toMatchObject({ by: 'callee', reason: 'callee_hangup' });
    // The talk time is the media time: every frame the callee sent reached the agent's end, in 20 ms each.
    expect(end.mediaSeconds).toBeCloseTo(agent.frames * FRAME_SECONDS, 9);
    const kinds = agent.events.map((event) => [event.event, event.value]);
    expect(kinds).toEqual([
      ['mark', 'greeting'],
      ['text', 'Hello, who is this?'],
      ['mark', 'offer'],
      ['text', 'Yes please.'],
      ['dtmf', '1'],
      ['dtmf', '#'],
      ['mark', 'goodbye'],
      ['text', 'Thanks, goodbye.'],
    ]);
    // Each reply comes after the agent's mark came back and it stayed quiet (0.6 s of media), and is spoken: its
    // audio (flite, over a second per sentence) follows its text; the keys follow the words they come after.
    const at = (event: string, value: string) =>
      agent.events.find((e) => e.value === value && e.event === event)!.at;
    expect(at('text', 'Hello, who is this?') - at('mark', 'greeting')).toBeGreaterThanOrEqual(30);
    expect(at('dtmf', '1') - at('text', 'Yes please.')).toBeGreaterThan(25);
    expect(agent.speechFrames).toBeGreaterThan(100);
    expect(end.memory).toEqual([
      { role: 'agent', content: 'Hello, this is Acme calling.' },
      { role: 'user', content: 'Hello, who is this?' },
      { role: 'agent', content: 'Would you like a demo of Rocket?' },
      { role: 'user', content: 'Yes please.' },
      { role: 'agent', content: 'Thank you, goodbye!' },
      { role: 'user', content: 'Thanks, goodbye.' },
    ]);
  });

  it('hears a whole turn of several sentences, and nothing of what a clear dropped', async () => {
    fake.requests.length = 0;
    fake.handle(() => ({ content: 'Sure.' }));
    const llm = fakeModel();
    const persona = { name: 'Ada Lovelace', traits: [], facts: {}, generic: false };
    const { agent: connecting, result } = call({ kind: 'persona', persona, llm });
    const agent = await connecting;
    // Ten seconds of audio and its mark, dropped at once by a clear: the mark comes back, unheard.
    agent.say('dropped', 'You will never hear this.', 10);
    agent.transport.clear();
    agent.say('one', 'Hello, this is Acme.');
    agent.say('two', 'Do you have a minute?');
    expect(await agent.nextText(0)).toBe('Sure.');
    expect(agent.events.filter((e) => e.event === 'mark').map((e) => e.value)).toEqual([
      'dropped',
      'one',
      'two',
    ]);
    // The persona's LLM heard the turn's two sentences as one, and nothing else.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hello, this is Acme. Do you have a minute?' },
    ]);
    agent.transport.close('completed');
    expect(await result).toMatchObject({
      by: 'agent',
      reason: 'completed',
      calleeUsage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) },
    });
  });

  it("hangs up when its persona's LLM fails, and at the call's time limit", async () => {
    fake.handle(() => ({ status: 500, message: 'the callee model is down' }));
    const llm = fakeModel();
    const persona = { name: null, traits: [], facts: {}, generic: true };
    const failing = call({ kind: 'persona', persona, llm });
    (await failing.agent).say('greeting', 'Hello?');
    expect(await failing.result).toMatchObject({ by: 'callee', reason: 'callee_error' });
    expect(lines.some((line) => line.msg === 'simulated callee failed; it hangs up')).toBe(true);

    const limited = call({ kind: 'script', lines: ['Hi.'] }, { limitSeconds: 0.5 });
    const agent = await limited.agent;
    expect(await limited.result).toMatchObject({ by: 'callee', reason: 'time_limit', mediaSeconds: 0.5 });
    await agent.closed;
    expect(agent.frames).toBe(25);
  });

  it('reports a refused stream as StreamRefusedError', async () => {
    const refusing = new WebSocketServer({ port: 0, host: '127.0.0.1', verifyClient: () => false });
    await new Promise((resolve) => refusing.once('listening', resolve));
    const port = (refusing.address() as AddressInfo).port;
    try {
      const { result } = call(
        { kind: 'script', lines: [] },
        { url: `ws://127.0.0.1:${port}/media/simulator/x` },
      );
      await expect(result).rejects.toBeInstanceOf(StreamRefusedError);
      await expect(result).rejects.toThrow(/refused the call \(401\)/);
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});

function agentEnd(transport: MediaTransport): AgentEnd {
  const agent: AgentEnd = {
    transport,
    events: [],
    frames: 0,
    speechFrames: 0,
    closed: new Promise((resolve) => transport.on('closed', resolve)),
    say(name, text, seconds = 0.2) {
      const samples = Math.round(seconds * 16000);
      transport.play(Int16Array.from({ length: samples }, (_, i) => Math.round(8000 * Math.sin(i / 5))));
      transport.mark(name, text);
    },
    async nextText(count) {
      await until(() => agent.events.filter((e) => e.event === 'text').length > count);
      return agent.events.filter((e) => e.event === 'text')[count]!.value;
    },
  };
  transport.on('audio', (frame) => {
    agent.frames++;
    if (rms(frame) > SPEECH_RMS) agent.speechFrames++;
  });
  for (const event of ['callerText', 'dtmf', 'mark'] as const)
    transport.on(event, (value: string) =>
      agent.events.push({ at: agent.frames, event: event === 'callerText' ? 'text' : event, value }),
    );
  return agent;
}

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
