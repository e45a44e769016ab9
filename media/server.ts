/**
 * The media process's server: `/health` over HTTP, and the vendors' media streams as WebSocket upgrades on
 * `/media/{provider}/{token}`, refused before the upgrade unless stream-auth.ts allows them. Each accepted stream runs
 * its call (call-session.ts). Machine-detection verdicts (a PostgreSQL LISTEN) reach the call they belong to. On
 * close it takes no new streams and lets live calls finish, each up to its maximum duration (or `graceMs`), then
 * shuts down.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { answeredByOf, subscribeAnsweredBy } from '../db/repositories/answered-by';
import { isMachineAnswer } from '../domain/outcomes';
import { runCallSession, type CallSessionDeps, type LiveSession } from './call-session';
import { authorizeStream } from './stream-auth';

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

interface Stream {
  done: Promise<void>;
  /** Settles with the call once its pipeline runs, or null when the stream ends before that. */
  live: Promise<LiveSession | null>;
  startedAt: number;
  session: LiveSession | null;
}

export async function startMediaServer(
  deps: CallSessionDeps,
  options: { host?: string; port?: number } = {},
): Promise<MediaServer> {
  const log = deps.logger.child({ component: 'media' });
  const streams = new Set<Stream>();
  const byRun = new Map<number, LiveSession>();
  let draining = false;

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
    if (draining) return refuseUpgrade(socket, 503, 'media_draining', 'This media process is shutting down.');
    const { run, adapter } = verdict;
    const callLog = log.child({ run_id: run.id, attempt_id: run.attempt_id, provider: run.mode });
    wss.handleUpgrade(request, socket, head, (ws) => {
      let becameLive: (session: LiveSession | null) => void = () => {};
      const stream: Stream = {
        done: Promise.resolve(),
        live: new Promise((resolve) => (becameLive = resolve)),
        startedAt: Date.now(),
        session: null,
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
        .finally(() => {
          becameLive(null);
          streams.delete(stream);
          if (byRun.get(run.id) === stream.session) byRun.delete(run.id);
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
