/**
 * The media process's server: `/health` over HTTP, and the vendors' media streams as WebSocket upgrades on
 * `/media/{provider}/{token}`, refused before the upgrade unless stream-auth.ts allows them. Each accepted stream runs
 * its call (call-session.ts). Machine-detection verdicts (a PostgreSQL LISTEN) reach the call they belong to. On
 * close it takes no new streams and lets live calls finish, each up to its maximum duration (or `graceMs`), then
 * shuts down.
 */
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { answeredByOf, subscribeAnsweredBy } from '../db/repositories/answered-by';
import {
  claimMediaStream,
  releaseMediaStream,
  renewMediaStreams,
} from '../db/repositories/media-stream-leases';
import { isMachineAnswer } from '../domain/outcomes';
import { runCallSession, type CallSessionDeps, type LiveSession } from './call-session';
import { authorizeStream } from './stream-auth';
import { runSileroInHelper } from '../voice/vad/detector';

export interface MediaServer {
  /** Where it listens, e.g. `ws://127.0.0.1:8001` (vendors reach it at MEDIA_PUBLIC_URL). */
  url: string;
  /** Takes no new streams, waits for live calls (each up to its maximum duration, or `graceMs`), then stops. */
  close(options?: { graceMs?: number }): Promise<void>;
  /** Streams accepted and not yet ended. */
  activeCalls(): number;
}

/** Calls still running this long past their maximum duration when draining are ended ('shutdown'). */
const DRAIN_SLACK_MS = 30_000;

/**
 * A run's stream is bound to the process that accepted it (media_stream_leases): renewed this often while open, and
 * free for a reconnecting stream only once this long has passed without a renewal (the process died with it open).
 */
export const STREAM_LEASE = { renewMs: 5_000, staleSeconds: 20 };

interface Stream {
  runId: number;
  done: Promise<void>;
  /** Settles with the call once its pipeline runs, or null when the stream ends before that. */
  live: Promise<LiveSession | null>;
  startedAt: number;
  session: LiveSession | null;
  /** Ends the stream's call at once (its binding to the run was taken over). */
  end(): void;
}

export async function startMediaServer(
  deps: CallSessionDeps,
  options: { host?: string; port?: number; streamLease?: typeof STREAM_LEASE } = {},
): Promise<MediaServer> {
  const log = deps.logger.child({ component: 'media' });
  // Calls' Silero VAD runs in a helper process, off the event loop that carries their audio (voice/vad/).
  runSileroInHelper();
  const streams = new Set<Stream>();
  const byRun = new Map<number, LiveSession>();
  let draining = false;
  const lease = options.streamLease ?? STREAM_LEASE;
  // This process, as the holder of its streams' bindings.
  const holder = randomUUID();
  const renewal = setInterval(() => void renewStreamLeases(), lease.renewMs);
  renewal.unref();

  async function renewStreamLeases() {
    if (streams.size === 0) return;
    // Only streams whose claims committed before this renewal are judged by it (a claim made meanwhile is not seen).
    const judged = [...streams];
    try {
      const held = new Set(await renewMediaStreams(deps.db, holder));
      for (const stream of judged) {
        if (held.has(stream.runId) || !streams.has(stream)) continue;
        // Only after this process stopped renewing for the stale time (a stalled event loop, a database outage):
        // another stream of the run took over, and the run has one stream, that one.
        log.warn({ run_id: stream.runId }, 'media stream binding taken over; ending this stream');
        stream.end();
      }
    } catch (error) {
      log.warn({ err: error }, 'media stream bindings not renewed');
    }
  }

  // The verdict can arrive twice (the LISTEN, and the read when the call starts): the pipeline hears it once.
  const toldMachine = new WeakSet<LiveSession>();
  const machineAnswered = (runId: number) => {
    const session = byRun.get(runId);
    if (!session || toldMachine.has(session)) return;
    toldMachine.add(session);
    log.info({ run_id: runId, attempt_id: session.call.attemptId }, 'answered by a machine');
    session.pipeline.answeredByMachine();
  };
  const verdicts = deps.config.databaseUrl
    ? await subscribeAnsweredBy(
        deps.config.databaseUrl,
        (event) => {
          if (isMachineAnswer(event.answeredBy)) machineAnswered(event.runId);
        },
        { onError: (error) => log.error({ err: error }, 'machine detection listener lost') },
      )
    : null;

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  const server = createServer((request, response) => answerHttp(request, response));

  function answerHttp(request: IncomingMessage, response: ServerResponse) {
    const path = (request.url ?? '').split('?', 1)[0];
    if (request.method === 'GET' && path === '/health') {
      // A draining process answers 503, so a load balancer sends new streams elsewhere.
      const body = { status: draining ? 'draining' : 'ok', active_calls: streams.size };
      return sendJson(response, draining ? 503 : 200, body);
    }
    sendJson(response, 404, { detail: 'not_found', message: 'Media streams are WebSocket upgrades.' });
  }

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const path = streamPathOf(request.url ?? '');
    if (draining) return refuseUpgrade(socket, 503, 'media_draining', 'This media process is shutting down.');
    const verdict = await authorizeStream(deps, { path, headers: request.headers });
    if (!verdict.ok) {
      log.warn(
        { provider: verdict.provider, run_id: verdict.runId, reason: verdict.reason, status: verdict.status },
        'media stream refused',
      );
      return refuseUpgrade(socket, verdict.status, verdict.detail, 'This stream is not allowed.');
    }
    const { run, adapter } = verdict;
    const callLog = log.child({ run_id: run.id, attempt_id: run.attempt_id, provider: run.mode });
    // One stream per run: refused while another is open, here or in another media process.
    const binding = { runId: run.id, stream: randomUUID() };
    const claimed = await claimMediaStream(deps.db, {
      ...binding,
      holder,
      staleSeconds: lease.staleSeconds,
    });
    if (!claimed) {
      callLog.warn({ reason: 'stream_in_use', status: 409 }, 'media stream refused');
      return refuseUpgrade(socket, 409, 'stream_in_use', 'A stream of this call is already open.');
    }
    const release = () =>
      releaseMediaStream(deps.db, binding).catch((error: unknown) =>
        callLog.warn({ err: error }, 'media stream binding not released (it lapses by itself)'),
      );
    if (draining || socket.destroyed) {
      await release();
      if (draining) refuseUpgrade(socket, 503, 'media_draining', 'This media process is shutting down.');
      return;
    }
    let upgraded = false;
    // A socket that goes away during the upgrade gets no stream: its binding is given back at once.
    socket.once('close', () => {
      if (!upgraded) void release();
    });
    wss.handleUpgrade(request, socket, head, (ws) => {
      upgraded = true;
      let becameLive: (session: LiveSession | null) => void = () => {};
      const stream: Stream = {
        runId: run.id,
        done: Promise.resolve(),
        live: new Promise((resolve) => (becameLive = resolve)),
        startedAt: Date.now(),
        session: null,
        end: () => {
          if (stream.session) stream.session.pipeline.shutdown();
          else ws.close(1008, 'stream taken over');
        },
      };
      const onLive = (session: LiveSession) => {
        stream.session = session;
        becameLive(session);
        byRun.set(run.id, session);
        // A verdict stored before the stream started was announced to no one: read it once now.
        if (run.attempt_id !== null)
          void answeredByOf(deps.db, run.attempt_id)
            .then((answeredBy) => isMachineAnswer(answeredBy) && machineAnswered(run.id))
            .catch((error: unknown) => callLog.warn({ err: error }, 'machine detection lookup failed'));
      };
      stream.done = runCallSession(deps, { media: adapter.media, run, socket: ws, log: callLog }, onLive)
        .catch((error: unknown) => {
          callLog.error({ err: error }, 'media stream failed');
          ws.close(1011, 'internal error');
        })
        .finally(async () => {
          becameLive(null);
          streams.delete(stream);
          if (byRun.get(run.id) === stream.session) byRun.delete(run.id);
          // After the conversation is stored: a stream that comes later for this run finds it ended.
          await release();
        });
      streams.add(stream);
    });
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    upgrade(request, socket, head).catch((error: unknown) => {
      log.error({ err: error }, 'media stream handshake failed');
      refuseUpgrade(socket, 503, 'media_unavailable', 'The media process cannot take this stream now.');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? deps.config.media.port, options.host ?? deps.config.media.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `ws://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  log.info({ url, public_url: deps.config.media.publicUrl }, 'media listening');

  let closing: Promise<void> | null = null;
  return {
    url,
    activeCalls: () => streams.size,
    close(closeOptions = {}) {
      closing ??= (async () => {
        // Still listening while draining: a new stream gets a 503 and /health says draining, so a load balancer
        // moves on; the listener closes once the live calls have ended.
        draining = true;
        log.info({ active_calls: streams.size }, 'media draining: no new streams');
        await Promise.all([...streams].map((stream) => drain(stream, closeOptions.graceMs)));
        clearInterval(renewal);
        await verdicts?.close().catch(() => {});
        wss.close();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await stopped;
        log.info('media stopped');
      })();
      return closing;
    },
  };
}

/** Waits for a stream's call to end, up to its maximum duration (or `graceMs`), then ends it ('shutdown'). */
async function drain(stream: Stream, graceMs: number | undefined): Promise<void> {
  // A stream still waiting for its start message has no call yet: its maximum duration is known once it has one.
  const session = graceMs === undefined ? await stream.live : stream.session;
  const limitMs =
    graceMs ??
    Math.max(
      0,
      stream.startedAt +
        (session?.call.settings.maxDurationSeconds ?? 0) * 1000 +
        DRAIN_SLACK_MS -
        Date.now(),
    );
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limitMs);
  });
  const first = await Promise.race([stream.done.then(() => 'done' as const), timedOut]);
  clearTimeout(timer);
  if (first === 'timeout') {
    // With graceMs a stream may still be starting: its call ends as soon as it has one.
    void stream.live.then((late) => late?.pipeline.shutdown());
    stream.session?.pipeline.shutdown();
    await stream.done;
  }
}

/**
 * The stream path of an upgrade: `/media/{provider}/{token}`, or `/media/{provider}?token=…` for vendors whose
 * connection URI is fixed and carries per-call values as query parameters only (Asterisk's websocket_client.conf
 * with `v(token=…)`). Either way the token is the same one, checked the same way (stream-auth.ts).
 */
function streamPathOf(url: string): string {
  const [path = '', query = ''] = url.split('?', 2);
  const token = new URLSearchParams(query).get('token');
  return token !== null && /^\/media\/[a-z0-9_-]+$/.test(path) ? `${path}/${token}` : path;
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** Answers a WebSocket handshake with a plain HTTP error (CONTRACT body) and closes the connection. */
function refuseUpgrade(socket: Duplex, status: number, detail: string, message: string) {
  if (!socket.writable) return socket.destroy();
  const body = JSON.stringify({ detail, message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
