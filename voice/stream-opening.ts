/**
 * How a vendor's media stream opens, the same for every vendor's MediaAdapter (`accept`): messages before the
 * vendor's start are read by the vendor's `opening` until it hands over its transport; a start that does not come
 * within `startTimeoutMs`, a malformed one, or a socket that closes or fails first, closes the socket with 1008 and
 * rejects. Once started, every message goes to the transport, and the socket's close ends it ('socket_closed').
 */
import type { MediaLog, MediaSocket, MediaTransport } from './media-transport';

/** A vendor's transport as the opening hands it messages and ends it. */
export interface OpenedStream extends MediaTransport {
  /** Emits `closed` once, with `reason`, without closing the socket. */
  end(reason: string): void;
}

export interface StreamOpening<T extends OpenedStream> {
  /** The vendor, for the rejection's message. */
  vendor: string;
  /** What the vendor's start is called, for the timeout's reason (e.g. 'start message'). */
  start: string;
  /**
   * One message before the start: the transport once it is the start, a string saying why the start is refused, or
   * null to skip the message (the vendor logs why).
   */
  opening(data: Buffer, isBinary: boolean, log: MediaLog): T | string | null;
  /** One message after the start. */
  receive(transport: T, data: Buffer, isBinary: boolean, log: MediaLog): void;
}

const quiet: MediaLog = { warn: () => undefined, debug: () => undefined };

export function acceptStream<T extends OpenedStream>(
  socket: MediaSocket,
  options: { startTimeoutMs: number; log?: MediaLog },
  vendor: StreamOpening<T>,
): Promise<MediaTransport> {
  const log = options.log ?? quiet;
  let transport: T | null = null;
  let refused = false;
  return new Promise((resolve, reject) => {
    const refuse = (reason: string) => {
      clearTimeout(deadline);
      if (transport || refused) return;
      refused = true;
      socket.close(1008, reason);
      reject(new Error(`${vendor.vendor} media stream: ${reason}`));
    };
    const deadline = setTimeout(() => refuse(`no ${vendor.start} in time`), options.startTimeoutMs);
    socket.on('message', (data, isBinary) => {
      if (transport) return vendor.receive(transport, data, isBinary, log);
      if (refused) return;
      const opened = vendor.opening(data, isBinary, log);
      if (opened === null) return;
      if (typeof opened === 'string') return refuse(opened);
      clearTimeout(deadline);
      transport = opened;
      resolve(opened);
    });
    socket.on('close', () =>
      transport ? transport.end('socket_closed') : refuse('closed before the start'),
    );
    socket.on('error', (error) => {
      log.warn({ err: error }, `${vendor.vendor} media: socket error`);
      if (!transport) refuse('socket error');
    });
  });
}
