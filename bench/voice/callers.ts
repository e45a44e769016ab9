/**
 * The voice benchmark's callers: Twilio's side of many Media Streams at once, in real time, in a process of its own.
 * Each call opens the stream its TwiML names (signed as Twilio signs it), sends `connected` and `start`, then one 20 ms
 * μ-law frame every 20 ms of wall clock (speech or silence), and plays the agent's audio back at the same pace,
 * echoing marks when playback reaches them and honouring `clear` as Twilio does. Each caller follows the script of
 * script.ts: it listens to the greeting, asks for the story, talks over it (barge-in), and says goodbye; the agent's
 * end node closes the stream.
 *
 * Measured here, on this process's wall clock (the media process is on the same machine):
 * - greeting: `start` sent → the first agent `media` frame received;
 * - reply: the caller's last speech frame (as the VAD hears it) sent → the first agent `media` frame of the reply
 *   (this includes the end-of-turn silence the agent waits for, reported separately by the benchmark);
 * - barge-in: the frame that completes `interruptionSeconds` of the caller's speech over the agent sent (counted
 *   from the line's first frame the WebRTC VAD hears as speech) → `clear` received;
 * Input (IPC `calls`): `{ calls: [{ twiml }], authToken, interruptionSeconds, staggerMs }`; output: one `result` per call.
 */
import { WebSocket } from 'ws';
import { pcmToMulaw } from '../../voice/audio/mulaw';
import { createVoiceActivityDetector } from '../../voice/vad';
import { fliteSpeech } from '../../test/voice/fakes/flite-caller';
import { streamOfTwiml } from '../../test/providers/fakes/twilio-media-fake';
import { twilioSigned } from '../../test/providers/fakes/twilio-fake';
import { CALLER_LINES } from './script';

const FRAME_BYTES = 160;
const FRAME_MS = 20;
const SILENCE = Buffer.alloc(FRAME_BYTES, 0xff);
/** The agent counts as done speaking once nothing has played for this long. */
const QUIET_MS = 600;
/** How far into the story the caller interrupts it. */
const BARGE_AFTER_MS = 1500;
/** A call that has not ended by then is hung up (and reported as such). */
const CALL_LIMIT_MS = 90_000;

export interface CallResult {
  greetingMs: number | null;
  replyMs: number[];
  bargeInMs: number | null;
  callSeconds: number;
  endedBy: 'service' | 'caller_timeout' | 'error';
  error?: string;
}

type Phase = 'greeting' | 'asking' | 'story' | 'barging' | 'answer' | 'goodbye' | 'done';

class Caller {
  private ws: WebSocket;
  private phase: Phase = 'greeting';
  private speech: SpeechFrame[] = [];
  private playback: Array<{ samples: number } | { mark: string }> = [];
  private lastPlayedAt = 0;
  private startedAt = 0;
  private spokeUntil: number | null = null;
  private bargeStartedAt: number | null = null;
  private storyPlayedMs = 0;
  private readonly streamSid = `MZbench${Math.random().toString(16).slice(2)}`;
  private sequence = 0;
  readonly result: CallResult = {
    greetingMs: null,
    replyMs: [],
    bargeInMs: null,
    callSeconds: 0,
    endedBy: 'service',
  };
  readonly done: Promise<CallResult>;
  private finish!: () => void;

  constructor(
    private readonly twiml: string,
    authToken: string,
    private readonly lines: SpeechFrame[][],
    private readonly interruptionMs: number,
  ) {
    const { url, parameters } = streamOfTwiml(twiml);
    this.ws = new WebSocket(url, {
      headers: { 'x-twilio-signature': twilioSigned(authToken, url, new URLSearchParams()) },
    });
    this.done = new Promise((resolve) => (this.finish = () => resolve(this.result)));
    this.ws.on('open', () => {
      this.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
      this.startedAt = performance.now();
      this.send({
        event: 'start',
        streamSid: this.streamSid,
        start: {
          streamSid: this.streamSid,
          callSid: `CAbench${Math.random().toString(16).slice(2)}`,
          tracks: ['inbound'],
          customParameters: parameters,
          mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
        },
      });
    });
    this.ws.on('message', (data) => this.onMessage(JSON.parse(data.toString()) as Record<string, unknown>));
    this.ws.on('close', () => this.end('service'));
    this.ws.on('error', (error) => {
      this.result.error = error.message;
      this.end('error');
    });
    setTimeout(() => this.end('caller_timeout'), CALL_LIMIT_MS).unref();
  }

  private send(message: Record<string, unknown>) {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (message.event !== 'connected') this.sequence += 1;
    this.ws.send(
      JSON.stringify(
        message.event === 'connected' ? message : { ...message, sequenceNumber: String(this.sequence) },
      ),
    );
  }

  private onMessage(message: Record<string, unknown>) {
    const now = performance.now();
    if (message.event === 'media') {
      const samples = Buffer.from((message.media as { payload: string }).payload, 'base64').length;
      this.playback.push({ samples });
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
    } else if (message.event === 'mark') {
      this.playback.push({ mark: (message.mark as { name: string }).name });
    } else if (message.event === 'clear') {
      if (this.phase === 'barging' && this.bargeStartedAt !== null && this.result.bargeInMs === null)
        this.result.bargeInMs = now - (this.bargeStartedAt + this.interruptionMs - FRAME_MS);
      const marks = this.playback.filter((item): item is { mark: string } => 'mark' in item);
      this.playback = [];
      for (const { mark } of marks)
        this.send({ event: 'mark', streamSid: this.streamSid, mark: { name: mark } });
    }
  }

  /** One 20 ms tick: a caller frame goes out, one frame of the agent's audio plays, the script moves on. */
  tick(now: number) {
    if (this.phase === 'done' || this.ws.readyState !== WebSocket.OPEN) return;
    const frame = this.speech.shift();
    if (frame?.onset && this.phase === 'barging') this.bargeStartedAt = now;
    this.send({
      event: 'media',
      streamSid: this.streamSid,
      media: { track: 'inbound', payload: (frame?.bytes ?? SILENCE).toString('base64') },
    });
    if (frame?.lastVoiced) this.spokeUntil = now;
    this.play(now);
    this.advance(now);
  }

  private play(now: number) {
    let room = FRAME_BYTES;
    while (this.playback.length > 0) {
      const head = this.playback[0]!;
      if ('mark' in head) {
        this.playback.shift();
        this.send({ event: 'mark', streamSid: this.streamSid, mark: { name: head.mark } });
        continue;
      }
      if (room === 0) break;
      const take = Math.min(room, head.samples);
      room -= take;
      head.samples -= take;
      if (head.samples === 0) this.playback.shift();
    }
    if (room < FRAME_BYTES) {
      this.lastPlayedAt = now;
      if (this.phase === 'story') this.storyPlayedMs += 20;
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
      this.send({ event: 'stop', streamSid: this.streamSid, stop: {} });
      this.ws.close();
    }
    this.finish();
  }
}

/** One 20 ms frame of a caller's line; `onset` and `lastVoiced` mark its first and last frames with speech in them. */
interface SpeechFrame {
  bytes: Buffer;
  onset: boolean;
  lastVoiced: boolean;
}

/** A caller's lines as 20 ms μ-law frames (flite's slt voice, resampled to 8 kHz); speech as the WebRTC VAD hears it. */
async function renderLines(): Promise<SpeechFrame[][]> {
  const vad = await createVoiceActivityDetector(8000);
  try {
    return await Promise.all(
      CALLER_LINES.map(async (text) => {
        const pcm = await fliteSpeech(text, 8000);
        const frames: SpeechFrame[] = [];
        const voiced: number[] = [];
        for (let at = 0; at < pcm.length; at += FRAME_BYTES) {
          const samples = new Int16Array(FRAME_BYTES);
          samples.set(pcm.subarray(at, at + FRAME_BYTES));
          if (vad.isSpeech(samples)) voiced.push(frames.length);
          frames.push({ bytes: Buffer.from(pcmToMulaw(samples)), onset: false, lastVoiced: false });
        }
        frames[voiced[0]!]!.onset = true;
        frames[voiced.at(-1)!]!.lastVoiced = true;
        return frames;
      }),
    );
  } finally {
    vad.close();
  }
}

interface CallsMessage {
  type: 'calls';
  calls: Array<{ twiml: string }>;
  authToken: string;
  interruptionSeconds: number;
  staggerMs: number;
}

const lines = await renderLines();
process.on('message', (message: CallsMessage) => {
  if (message.type !== 'calls') return;
  const callers: Caller[] = [];
  const results: Array<Promise<CallResult>> = [];
  message.calls.forEach(({ twiml }, index) => {
    setTimeout(() => {
      const caller = new Caller(twiml, message.authToken, lines, message.interruptionSeconds * 1000);
      callers.push(caller);
      results.push(caller.done);
    }, index * message.staggerMs);
  });
  // One clock for every call: each tick sends the frames due since the last one, so callers keep real time even
  // when a tick comes late.
  const startedAt = performance.now();
  let ticks = 0;
  const clock = setInterval(() => {
    const due = Math.floor((performance.now() - startedAt) / 20);
    for (; ticks < due; ticks++) {
      const now = performance.now();
      for (const caller of callers) caller.tick(now);
    }
  }, 5);
  const wait = setInterval(() => {
    if (results.length < message.calls.length) return;
    clearInterval(wait);
    void Promise.all(results).then((all) => {
      clearInterval(clock);
      process.send!({ type: 'results', results: all });
    });
  }, 100);
});
process.send!({ type: 'ready' });
