/**
 * One benchmark caller: the vendor's side of one media stream, in real time, whatever the vendor. The wire (a
 * VendorWire of the transport contract suite) does the vendor's encoding; this class keeps the script and the clock.
 * It opens the stream at the URL it is given (with the handshake headers the vendor would send), sends the wire's
 * opening messages, then one 20 ms caller frame per tick (speech or silence), and plays the agent's audio back at the
 * same pace, echoing marks when playback reaches them and, on `clear`, dropping the queued audio, echoing the pending
 * marks where the vendor does (`echoesClearedMarks`) and answering the clear where it does (`cleared`), as the
 * contract suite's far end does.
 *
 * The script (script.ts): listen to the greeting, ask for the story, talk over it (barge-in), say goodbye; the
 * agent's end node ends the call. Measured on this process's wall clock:
 * - greeting: the start message sent → the first agent audio received;
 * - reply: the caller's last speech frame (as the VAD hears it) sent → the first agent audio of the reply
 *   (this includes the end-of-turn silence the agent waits for, reported separately by the benchmark);
 * - barge-in: the frame that completes `interruptionMs` of the caller's speech over the agent sent (counted from the
 *   line's first frame the WebRTC VAD hears as speech) → `clear` received.
 */
import { WebSocket } from 'ws';
import type { MediaStreamStart } from '../../voice/media-transport';
import type { AgentWire, VendorWire } from '../../test/voice/transport-contract/far-end';
import type { SpeechFrame } from './caller-lines';

const FRAME_MS = 20;
/** The agent counts as done speaking once nothing has played for this long. */
const QUIET_MS = 600;
/** How far into the story the caller interrupts it. */
const BARGE_AFTER_MS = 1500;
/** A call that has not ended by then is hung up (and reported as such). */
const CALL_LIMIT_MS = 90_000;

/** Where and how one call's stream opens, as the vendor would open it. */
export interface CallOpening {
  url: string;
  /** The handshake's headers (the vendor's signature, where it signs one). */
  headers: Record<string, string>;
  start: MediaStreamStart;
}

export interface CallResult {
  greetingMs: number | null;
  replyMs: number[];
  bargeInMs: number | null;
  callSeconds: number;
  endedBy: 'service' | 'caller_timeout' | 'error';
  /** Messages of the service the vendor would refuse (the wire says why); the first reason is kept. */
  refused: number;
  firstRefusal?: string;
  error?: string;
}

type Phase = 'greeting' | 'asking' | 'story' | 'barging' | 'answer' | 'goodbye' | 'done';

export class Caller {
  private readonly ws: WebSocket;
  private readonly frameSamples: number;
  private readonly silence: Int16Array;
  private phase: Phase = 'greeting';
  private speech: SpeechFrame[] = [];
  private playback: Array<{ samples: number } | { mark: string }> = [];
  private lastPlayedAt = 0;
  private startedAt = 0;
  private spokeUntil: number | null = null;
  private bargeStartedAt: number | null = null;
  private storyPlayedMs = 0;
  readonly result: CallResult = {
    greetingMs: null,
    replyMs: [],
    bargeInMs: null,
    callSeconds: 0,
    endedBy: 'service',
    refused: 0,
  };
  readonly done: Promise<CallResult>;
  private finish!: () => void;

  constructor(
    private readonly wire: VendorWire,
    private readonly opening: CallOpening,
    private readonly lines: SpeechFrame[][],
    private readonly interruptionMs: number,
  ) {
    this.frameSamples = wire.media.sampleRate / 50;
    this.silence = new Int16Array(this.frameSamples);
    this.ws = new WebSocket(opening.url, { headers: opening.headers });
    this.done = new Promise((resolve) => (this.finish = () => resolve(this.result)));
    this.ws.on('open', () => {
      for (const message of wire.beforeStart()) this.send(message);
      this.startedAt = performance.now();
      this.send(wire.start(opening.start));
    });
    this.ws.on('message', (data: Buffer, isBinary) => this.onMessage(data, isBinary));
    this.ws.on('close', () => this.end('service'));
    this.ws.on('error', (error) => {
      this.result.error = error.message;
      this.end('error');
    });
    setTimeout(() => this.end('caller_timeout'), CALL_LIMIT_MS).unref();
  }

  private send(message: string | Buffer) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(message);
  }

  private onMessage(data: Buffer, isBinary: boolean) {
    const now = performance.now();
    const message = this.readAgent(data, isBinary);
    if (typeof message === 'string') {
      this.result.refused += 1;
      this.result.firstRefusal ??= message;
    } else if (message.kind === 'audio') {
      this.playback.push({ samples: message.pcm.length });
      if (this.phase === 'greeting' && this.result.greetingMs === null)
        this.result.greetingMs = now - this.startedAt;
      if (
        this.spokeUntil !== null &&
        (this.phase === 'asking' || this.phase === 'answer' || this.phase === 'goodbye')
      ) {
        this.result.replyMs.push(now - this.spokeUntil);
        this.spokeUntil = null;
        if (this.phase === 'asking') this.phase = 'story';
      }
    } else if (message.kind === 'mark') {
      this.playback.push({ mark: message.name });
    } else if (message.kind === 'clear') {
      if (this.phase === 'barging' && this.bargeStartedAt !== null && this.result.bargeInMs === null)
        this.result.bargeInMs = now - (this.bargeStartedAt + this.interruptionMs - FRAME_MS);
      const marks = this.playback.filter((item): item is { mark: string } => 'mark' in item);
      this.playback = [];
      // Twilio echoes the marks a clear dropped; Plivo does not (the transport hands them back itself).
      if (this.wire.echoesClearedMarks !== false)
        for (const { mark } of marks) this.send(this.wire.markEcho(mark));
      if (this.wire.cleared) this.send(this.wire.cleared(this.opening.start));
    } else {
      // The service told the vendor to hang up: the vendor ends the call and closes the stream.
      this.end('service');
      this.ws.close(1000);
    }
  }

  /** The service's message as the vendor reads it; one the wire cannot even parse is a refusal too, not a crash. */
  private readAgent(data: Buffer, isBinary: boolean): AgentWire | string {
    try {
      return this.wire.readAgent(data, isBinary, this.opening.start);
    } catch (error) {
      return `unreadable: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  /** One 20 ms tick: a caller frame goes out, one frame of the agent's audio plays, the script moves on. */
  tick(now: number) {
    if (this.phase === 'done' || this.ws.readyState !== WebSocket.OPEN) return;
    const frame = this.speech.shift();
    if (frame?.onset && this.phase === 'barging') this.bargeStartedAt = now;
    this.send(this.wire.callerFrame(frame?.pcm ?? this.silence));
    if (frame?.lastVoiced) this.spokeUntil = now;
    this.play(now);
    this.advance(now);
  }

  private play(now: number) {
    let room = this.frameSamples;
    while (this.playback.length > 0) {
      const head = this.playback[0]!;
      if ('mark' in head) {
        this.playback.shift();
        this.send(this.wire.markEcho(head.mark));
        continue;
      }
      if (room === 0) break;
      const take = Math.min(room, head.samples);
      room -= take;
      head.samples -= take;
      if (head.samples === 0) this.playback.shift();
    }
    if (room < this.frameSamples) {
      this.lastPlayedAt = now;
      if (this.phase === 'story') this.storyPlayedMs += FRAME_MS;
    }
  }

  private quiet(now: number) {
    return (
      this.result.greetingMs !== null && this.playback.length === 0 && now - this.lastPlayedAt >= QUIET_MS
    );
  }

  private say(line: number) {
    this.speech.push(...this.lines[line]!);
  }

  private advance(now: number) {
    if (this.phase === 'greeting' && this.quiet(now)) {
      this.say(0);
      this.phase = 'asking';
    } else if (this.phase === 'story' && this.storyPlayedMs >= BARGE_AFTER_MS) {
      this.say(1);
      this.phase = 'barging';
    } else if (this.phase === 'barging' && this.speech.length === 0) {
      this.phase = 'answer';
    } else if (this.phase === 'answer' && this.spokeUntil === null && this.quiet(now)) {
      this.say(2);
      this.phase = 'goodbye';
    }
  }

  end(endedBy: CallResult['endedBy']) {
    if (this.phase === 'done') return;
    this.phase = 'done';
    this.result.endedBy = endedBy;
    this.result.callSeconds = (performance.now() - this.startedAt) / 1000;
    if (endedBy !== 'service') {
      const stop = this.wire.stop();
      if (stop !== null) this.send(stop);
      this.ws.close();
    }
    this.finish();
  }
}
