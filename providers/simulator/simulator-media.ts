/**
 * The simulator's media leg, as this service takes it (the `media` of the simulator adapter): 16 kHz PCM16 in 20 ms
 * binary frames and JSON text messages, the protocol of simulator/media-protocol.ts. No handshake signature: the
 * signed token in the stream URL's path is the whole check.
 */
import type {
  MediaAdapter,
  MediaSocket,
  MediaStreamStart,
  MediaTransport,
  MediaTransportEvents,
} from '../../voice/media-transport';
import { FrameSplitter } from '../../voice/audio/frames';
import {
  SIMULATOR_FRAME_BYTES,
  SIMULATOR_FRAME_SAMPLES,
  SIMULATOR_SAMPLE_RATE,
  pcmToWire,
  readCalleeMessage,
  wireToPcm,
  type AgentMessage,
} from '../../simulator/media-protocol';
import { TransportListeners } from '../../voice/transport-listeners';

type Held = {
  [E in keyof MediaTransportEvents]: [E, Parameters<MediaTransportEvents[E]>[0]];
}[keyof MediaTransportEvents];

/**
 * Events that arrive before anyone listens (the media process loads the call after the stream started) are held
 * and delivered, in order, once the first listener is added: the first frames count on the call's clock too. At
 * most this many are held (a minute of audio); later ones are dropped until someone listens.
 */
const MAX_HELD_EVENTS = 3000;

export const simulatorMedia: MediaAdapter = {
  transport: 'simulator-pcm16',
  sampleRate: SIMULATOR_SAMPLE_RATE,
  accept(socket, { startTimeoutMs }) {
    return new Promise<MediaTransport>((resolve, reject) => {
      let transport: SimulatorTransport | null = null;
      const refuse = (why: string) => {
        clearTimeout(timer);
        if (transport) return;
        socket.close(1008, why.slice(0, 120));
        reject(new Error(`simulator media stream refused: ${why}`));
      };
      const timer = setTimeout(() => refuse(`no start within ${startTimeoutMs} ms`), startTimeoutMs);
      socket.on('message', (data, isBinary) => {
        if (transport) {
          transport.receive(data, isBinary);
          return;
        }
        const message = isBinary ? null : readCalleeMessage(data.toString('utf8'));
        if (message?.event !== 'start') {
          refuse('the first message must be start');
          return;
        }
        clearTimeout(timer);
        transport = new SimulatorTransport(socket, {
          streamId: message.stream_id,
          providerCallId: message.call_sid,
          parameters: message.parameters,
        });
        resolve(transport);
      });
      socket.on('close', () => {
        if (transport) transport.ended('socket_closed');
        else refuse('the socket closed before start');
      });
      socket.on('error', (error) => {
        if (transport) transport.ended(`socket_error: ${error.message}`);
        else refuse(`socket error: ${error.message}`);
      });
    });
  },
};

class SimulatorTransport implements MediaTransport {
  readonly sampleRate = SIMULATOR_SAMPLE_RATE;
  private readonly listeners = new TransportListeners();
  private held: Held[] | null = [];
  private splitter = new FrameSplitter(SIMULATOR_FRAME_SAMPLES);
  private isClosed = false;

  constructor(
    private readonly socket: MediaSocket,
    readonly start: MediaStreamStart,
  ) {}

  on<E extends keyof MediaTransportEvents>(event: E, listener: MediaTransportEvents[E]): void {
    this.listeners.on(event, listener);
    if (this.held) {
      // Listeners are added together: the held events go out once they all are, in their order.
      const held = this.held;
      this.held = null;
      queueMicrotask(() => {
        for (const [name, value] of held) this.emit(name, value);
      });
    }
  }

  private emit<E extends keyof MediaTransportEvents>(
    event: E,
    value: Parameters<MediaTransportEvents[E]>[0],
  ): void {
    if (this.held) {
      if (this.held.length < MAX_HELD_EVENTS) this.held.push([event, value] as Held);
      return;
    }
    this.listeners.emit(event, ...([value] as Parameters<MediaTransportEvents[E]>));
  }

  /** One message from the simulator; anything the protocol does not define is ignored. */
  receive(data: Buffer, isBinary: boolean): void {
    if (this.isClosed) return;
    if (isBinary) {
      if (data.length !== SIMULATOR_FRAME_BYTES) return;
      this.emit('audio', wireToPcm(data));
      return;
    }
    const message = readCalleeMessage(data.toString('utf8'));
    switch (message?.event) {
      case 'text':
        this.emit('callerText', message.text);
        break;
      case 'dtmf':
        this.emit('dtmf', message.digit);
        break;
      case 'mark':
        this.emit('mark', message.name);
        break;
      case 'stop':
        this.ended('stop');
        this.socket.close(1000, 'stop');
        break;
    }
  }

  play(pcm: Int16Array): void {
    if (this.isClosed) return;
    for (const frame of this.splitter.push(pcm)) this.socket.send(pcmToWire(frame));
  }

  mark(name: string, text?: string): void {
    if (this.isClosed) return;
    // A mark follows whole frames: what is left of the audio is sent, padded with silence.
    const rest = this.splitter.flush();
    if (rest) this.socket.send(pcmToWire(rest));
    this.send({ event: 'mark', name, text: text ?? null });
  }

  clear(): void {
    if (this.isClosed) return;
    this.splitter = new FrameSplitter(SIMULATOR_FRAME_SAMPLES);
    this.send({ event: 'clear' });
  }

  close(reason = 'agent_hangup'): void {
    if (this.isClosed) return;
    this.send({ event: 'stop', reason });
    this.ended(reason);
    this.socket.close(1000, reason.slice(0, 120));
  }

  /** The stream ended, for whatever reason; `closed` is emitted once. */
  ended(reason: string): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.emit('closed', reason);
  }

  private send(message: AgentMessage): void {
    this.socket.send(JSON.stringify(message));
  }
}
