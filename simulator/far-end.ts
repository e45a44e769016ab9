/**
 * The callee's phone on a simulated call: one WebSocket to the call's media stream (protocol in media-protocol.ts).
 * It sends a 20 ms frame per tick, the callee's speech or silence; plays the agent's audio one frame per tick; echoes
 * each mark once playback reaches it (all pending ones on a clear); and tells its callee when the agent's turn ended:
 * every mark came back, nothing is left to play, and the agent stayed quiet for `quietSeconds` of media time.
 *
 * Pace (`speed`): ticks run at `speed` times real time. At 0, ticks with sound to exchange (the callee speaking, agent
 * audio to play) run back to back, as fast as the socket takes them; a tick of silence with nothing to play keeps
 * real time, so what either side takes to think (an LLM, a synthesiser) lasts as long in media time as it does, and
 * the agent's silence timers and the callee's wait for the end of the agent's turn mean what they say.
 */
import WebSocket from 'ws';
import { FRAME_MS } from '../voice/audio/frames';
import {
  SIMULATOR_FRAME_BYTES,
  SIMULATOR_FRAME_SAMPLES,
  pcmToWire,
  readAgentMessage,
  type CalleeMessage,
} from './media-protocol';

/** Frames sent per timer tick at most when a paced clock fell behind (a busy event loop). */
const MAX_CATCH_UP_FRAMES = 50;

export interface FarEndOptions {
  url: string;
  callSid: string;
  parameters: Record<string, string>;
  /** Media time per wall time: 1 real time, 0 unpaced. */
  speed: number;
  /** The agent's silence after its last mark that ends its turn. */
  quietSeconds: number;
  /** The callee hangs up at this media time at the latest. */
  limitSeconds: number;
  /** Called when the agent's turn ended, with the text of its marks played since the callee last spoke. */
  onAgentTurn(heard: string): void;
}

export type FarEndEnd = {
  /** Who ended the stream: the agent (its stop), the callee (hangUp, or its time limit), or the socket. */
  by: 'agent' | 'callee' | 'socket';
  reason: string;
  mediaSeconds: number;
  /** Whether the agent sent anything to hear (audio or a mark) before the end. */
  agentSpoke: boolean;
};

export interface FarEnd {
  /** Queues an utterance: its text goes out with its first frame. */
  say(text: string, audio: Int16Array): void;
  /** Queues a key press after what is already queued. */
  press(digit: string): void;
  /** Queues silence: the callee holds the line this long before what it does next. */
  pause(seconds: number): void;
  /** Hangs up once what is queued was sent. */
  hangUp(reason: string): void;
  /** Ends the stream now (shutting down). */
  abandon(reason: string): void;
  mediaSeconds(): number;
  readonly ended: Promise<FarEndEnd>;
}

/** The stream could not be opened (refused at the upgrade, or unreachable): the call does not talk. */
export class StreamRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamRefusedError';
  }
}

type Outgoing =
  | { kind: 'frame'; frame: Int16Array }
  | { kind: 'message'; message: CalleeMessage }
  | { kind: 'hang_up'; reason: string };
type Playback = { kind: 'frame' } | { kind: 'mark'; name: string; text: string | null };

export async function connectFarEnd(options: FarEndOptions): Promise<FarEnd> {
  const socket = await openSocket(options.url);
  const silence = new Int16Array(SIMULATOR_FRAME_SAMPLES);
  const quietFrames = Math.ceil((options.quietSeconds * 1000) / FRAME_MS);
  const limitFrames = Math.ceil((options.limitSeconds * 1000) / FRAME_MS);
  const outgoing: Outgoing[] = [];
  const playback: Playback[] = [];
  let heard: string[] = [];
  let frames = 0;
  let lastAgentFrame = 0;
  let finished = false;
  let agentSpoke = false;
  let settle!: (end: FarEndEnd) => void;
  const ended = new Promise<FarEndEnd>((resolve) => (settle = resolve));

  const send = (data: string | Buffer) => new Promise<void>((resolve) => socket.send(data, () => resolve()));
  const finish = (by: FarEndEnd['by'], reason: string) => {
    if (finished) return;
    finished = true;
    socket.close(1000, reason.slice(0, 120));
    settle({ by, reason, mediaSeconds: (frames * FRAME_MS) / 1000, agentSpoke });
  };
  const echo = (name: string) => void send(JSON.stringify({ event: 'mark', name } satisfies CalleeMessage));

  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) {
      agentSpoke = true;
      for (let at = 0; at + SIMULATOR_FRAME_BYTES <= data.length; at += SIMULATOR_FRAME_BYTES)
        playback.push({ kind: 'frame' });
      return;
    }
    const message = readAgentMessage(data.toString('utf8'));
    if (message?.event === 'mark') {
      agentSpoke = true;
      playback.push({ kind: 'mark', name: message.name, text: message.text });
    } else if (message?.event === 'clear') {
      // Unplayed audio is dropped; its marks come back unheard, as a vendor's do.
      for (const item of playback.splice(0)) if (item.kind === 'mark') echo(item.name);
    } else if (message?.event === 'stop') finish('agent', message.reason);
  });
  socket.on('close', () => finish('socket', 'socket_closed'));
  socket.on('error', () => finish('socket', 'socket_error'));

  /** Plays one agent frame and reaches the marks around it. */
  const play = () => {
    let played = false;
    while (playback.length > 0) {
      const head = playback[0]!;
      if (head.kind === 'frame') {
        if (played) break;
        played = true;
      } else {
        echo(head.name);
        if (head.text) heard.push(head.text);
      }
      playback.shift();
      lastAgentFrame = frames;
    }
  };

  const agentTurnOver = () =>
    heard.length > 0 &&
    playback.length === 0 &&
    outgoing.length === 0 &&
    frames - lastAgentFrame >= quietFrames;

  /** Whether the next tick has sound to exchange: the callee's speech to send or agent audio to play. */
  const busy = () => outgoing.length > 0 || playback.length > 0;

  /** One tick: what is queued to say (or silence) goes out, one agent frame plays, the turn may end. */
  const tick = async () => {
    while (outgoing[0]?.kind === 'message') {
      const item = outgoing.shift() as Extract<Outgoing, { kind: 'message' }>;
      await send(JSON.stringify(item.message));
    }
    if (outgoing[0]?.kind === 'hang_up') {
      const item = outgoing.shift() as Extract<Outgoing, { kind: 'hang_up' }>;
      await send(JSON.stringify({ event: 'stop', reason: item.reason } satisfies CalleeMessage));
      finish('callee', item.reason);
      return;
    }
    const next = outgoing[0]?.kind === 'frame' ? (outgoing.shift() as { frame: Int16Array }).frame : silence;
    await send(pcmToWire(next));
    frames++;
    play();
    if (frames >= limitFrames) {
      await send(JSON.stringify({ event: 'stop', reason: 'time_limit' } satisfies CalleeMessage));
      finish('callee', 'time_limit');
      return;
    }
    if (agentTurnOver()) {
      const text = heard.join(' ');
      heard = [];
      options.onAgentTurn(text);
    }
  };

  await send(
    JSON.stringify({
      event: 'start',
      stream_id: `SIMSTREAM${options.callSid.slice(3)}`,
      call_sid: options.callSid,
      parameters: options.parameters,
    } satisfies CalleeMessage),
  );
  void runClock(options.speed, tick, busy, () => finished).catch((error: unknown) =>
    finish('socket', `clock_failed: ${(error as Error).message}`),
  );

  return {
    say(text, audio) {
      outgoing.push({ kind: 'message', message: { event: 'text', text } });
      for (let at = 0; at < audio.length; at += SIMULATOR_FRAME_SAMPLES) {
        const frame = new Int16Array(SIMULATOR_FRAME_SAMPLES);
        frame.set(audio.subarray(at, at + SIMULATOR_FRAME_SAMPLES));
        outgoing.push({ kind: 'frame', frame });
      }
    },
    press(digit) {
      outgoing.push({ kind: 'message', message: { event: 'dtmf', digit } });
    },
    pause(seconds) {
      for (let n = Math.round((seconds * 1000) / FRAME_MS); n > 0; n--)
        outgoing.push({ kind: 'frame', frame: silence });
    },
    hangUp(reason) {
      outgoing.push({ kind: 'hang_up', reason });
    },
    abandon(reason) {
      if (finished) return;
      void send(JSON.stringify({ event: 'stop', reason } satisfies CalleeMessage)).finally(() =>
        finish('callee', reason),
      );
    },
    mediaSeconds: () => (frames * FRAME_MS) / 1000,
    ended,
  };
}

/**
 * Runs `tick` once per frame: on a wall-clock schedule at `speed` times real time; at 0, back to back while `busy`,
 * and one frame per 20 ms of wall time otherwise.
 */
async function runClock(
  speed: number,
  tick: () => Promise<void>,
  busy: () => boolean,
  done: () => boolean,
): Promise<void> {
  const frameMs = FRAME_MS / (speed || 1);
  let startedAt = performance.now();
  let sent = 0;
  while (!done()) {
    if (speed === 0 && busy()) {
      await tick();
      // Let the other side (and everything else in this process) read before the next frame.
      await new Promise((resolve) => setImmediate(resolve));
      // Real time resumes from here once there is nothing to exchange.
      startedAt = performance.now();
      sent = 0;
      continue;
    }
    const due = Math.floor((performance.now() - startedAt) / frameMs) + 1;
    for (let n = 0; sent < due && n < MAX_CATCH_UP_FRAMES && !done(); n++, sent++) {
      await tick();
      if (speed === 0 && busy()) break;
    }
    const wait = startedAt + sent * frameMs - performance.now();
    if (wait > 0 && !(speed === 0 && busy())) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { handshakeTimeout: 10_000 });
    // Errors after the opening are the stream's end (connectFarEnd listens); none may go unheard.
    socket.on('error', () => undefined);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => {
      socket.terminate();
      reject(new StreamRefusedError(`the media stream refused the call (${response.statusCode})`));
    });
    socket.once('error', (error) =>
      reject(new StreamRefusedError(`the media stream is unreachable: ${error.message}`)),
    );
  });
}
