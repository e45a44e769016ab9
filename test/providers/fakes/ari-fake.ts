/**
 * A local Asterisk REST Interface: channels (originate, get, hangup, answer, play), applications, the Stasis
 * application's events WebSocket (`/ari/events?app=`, basic authentication), with ARI's event shapes; and bridges,
 * external media over the WebSocket channel, and dial and bridge (ari-bridges-fake.ts).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { installAriBridging, type AriBridging } from './ari-bridges-fake';
import type { AriBehaviour, FakeChannel } from './ari-types';
import { sleep, startHttpFake, type FakeRequest, type HttpFake } from './http-fake';

export type { AriBehaviour, FakeChannel } from './ari-types';

const CAUSE_TEXT: Record<number, string> = {
  1: 'Unallocated (unassigned) number',
  16: 'Normal Clearing',
  17: 'User busy',
  18: 'No user responding',
  19: 'User alerting, no answer',
  21: 'Call Rejected',
  28: 'Invalid number format (addess incomplete)',
  34: 'Circuit/channel congestion',
};

export interface AriFake {
  url: string;
  /** Bridges, external media legs (each a far end speaking chan_websocket), transfers' channels. */
  bridging: AriBridging;
  app: string;
  password: string;
  http: HttpFake;
  channels: Map<string, FakeChannel>;
  /** Originate requests as received (endpoint, channelId, app, appArgs, variables). */
  originated: Array<{ query: URLSearchParams; body: Record<string, unknown> }>;
  /** How calls to `number` behave; a list plays one entry per call, the last repeats. */
  behave(number: string, behaviour: AriBehaviour | AriBehaviour[]): void;
  /** Number of application sockets connected now. */
  connections(): number;
  /** Waits for `count` (default 1) events sockets of listeners in process `clientPid` (this process by default). */
  waitForConnection(timeoutMs?: number, clientPid?: number, count?: number): Promise<void>;
  /** Drops every events socket, as a network failure would. */
  dropConnections(): void;
  /** Ends a channel with a cause (events go to whoever is connected). */
  end(channelId: string, cause: number): void;
  /** A call arriving from the dialplan into the application: `Stasis(app,inbound)`. */
  callInbound(exten: string, from: string): string;
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startAriFake(options: { app?: string; password?: string } = {}): Promise<AriFake> {
  const app = options.app ?? 'voice-agents';
  const password = options.password ?? 'ari-secret-1234';
  const http = await startHttpFake();
  const wss = new WebSocketServer({ noServer: true });
  const sockets = new Set<WebSocket>();
  // The User-Agent each socket connected with: several apps (test files) may follow one fake.
  const agents = new Map<WebSocket, string>();
  const channels = new Map<string, FakeChannel>();
  const behaviours = new Map<string, AriBehaviour[]>();
  const placedTo = new Map<string, number>();
  const nextBehaviour = (number: string): AriBehaviour => {
    const list = behaviours.get(number) ?? [{ cause: 16, answer: true }];
    const n = placedTo.get(number) ?? 0;
    placedTo.set(number, n + 1);
    return list[Math.min(n, list.length - 1)]!;
  };
  const originated: AriFake['originated'] = [];
  const pending = new Set<Promise<void>>();
  let counter = 0;

  // Asterisk also takes `?api_key=user:password`; this fake refuses it, so a password sent in a URL fails the tests.
  const authorised = (request: { headers: IncomingMessage['headers']; query: URLSearchParams }) =>
    request.headers.authorization === `Basic ${Buffer.from(`${app}:${password}`).toString('base64')}` &&
    !request.query.has('api_key');

  http.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (
      url.pathname !== '/ari/events' ||
      url.searchParams.get('app') !== app ||
      !authorised({ headers: req.headers, query: url.searchParams })
    ) {
      socket.write('HTTP/1.1 401 Unauthorized\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      agents.set(ws, req.headers['user-agent'] ?? '');
      ws.on('close', () => {
        sockets.delete(ws);
        agents.delete(ws);
      });
    });
  });

  const snapshot = (channel: FakeChannel) => ({
    id: channel.id,
    name: `${channel.endpoint}-${channel.id}`,
    state: channel.state,
    caller: { name: '', number: channel.callerId ?? '' },
    connected: { name: '', number: '' },
    accountcode: '',
    dialplan: { context: 'from-trunk', exten: channel.variables.__exten ?? 's', priority: 1 },
    creationtime: channel.creationtime,
    language: 'en',
  });
  const emit = (event: Record<string, unknown>) => {
    const text = JSON.stringify({ ...event, application: app, timestamp: new Date().toISOString() });
    for (const ws of sockets) ws.send(text);
  };
  const setState = (channel: FakeChannel, state: FakeChannel['state']) => {
    channel.state = state;
    emit({ type: 'ChannelStateChange', channel: snapshot(channel) });
  };
  const end = (channelId: string, cause: number, twice = false) => {
    const channel = channels.get(channelId);
    if (!channel) return;
    emit({ type: 'ChannelHangupRequest', cause, channel: snapshot(channel) });
    bridging.ending(channelId);
    channels.delete(channelId);
    const destroyed = {
      type: 'ChannelDestroyed',
      cause,
      cause_txt: CAUSE_TEXT[cause] ?? 'Unknown',
      channel: snapshot(channel),
    };
    emit(destroyed);
    if (twice) emit(destroyed);
  };
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  async function play(channel: FakeChannel, behaviour: AriBehaviour) {
    await sleep(30);
    setState(channel, 'Ringing');
    await sleep(30);
    if (behaviour.answer) {
      setState(channel, 'Up');
      emit({ type: 'StasisStart', args: channel.args, channel: snapshot(channel) });
      if (behaviour.holdOpen) return;
      await sleep(50);
    }
    end(channel.id, behaviour.cause, behaviour.duplicateDestroyed);
  }

  const guarded =
    (handler: (request: FakeRequest) => ReturnType<Parameters<HttpFake['route']>[2]>) =>
    (request: FakeRequest) =>
      authorised(request) ? handler(request) : { status: 401, body: { message: 'Authentication required' } };

  const bridging = installAriBridging({
    http,
    app,
    channels,
    emit,
    snapshot,
    setState,
    end: (channelId, cause) => end(channelId, cause),
    guarded,
    nextBehaviour,
    track,
  });

  http.route(
    'POST',
    '/ari/channels',
    guarded((request) => {
      const endpoint = request.query.get('endpoint');
      if (!endpoint) return { status: 400, body: { message: 'Endpoint parameter not provided' } };
      if (request.query.get('app') !== app)
        return { status: 400, body: { message: 'Stasis application not registered' } };
      const id = request.query.get('channelId') ?? `fake-${++counter}`;
      if (channels.has(id))
        return { status: 409, body: { message: 'Channel with given unique ID already exists' } };
      const body = (request.rawBody ? JSON.parse(request.rawBody) : {}) as Record<string, unknown>;
      originated.push({ query: request.query, body });
      const number = endpoint.replace(/^[^/]+\//, '').replace(/@.*$/, '');
      const channel: FakeChannel = {
        id,
        state: 'Down',
        endpoint,
        callerId: request.query.get('callerId'),
        variables: (body.variables as Record<string, string>) ?? {},
        args: (request.query.get('appArgs') ?? '').split(','),
        creationtime: new Date().toISOString(),
      };
      channels.set(id, channel);
      track(play(channel, nextBehaviour(number)));
      return { status: 200, body: snapshot(channel) };
    }),
  );
  http.route(
    'GET',
    '/ari/channels/:id',
    guarded((request) => {
      const channel = channels.get(request.params.id!);
      return channel
        ? { status: 200, body: snapshot(channel) }
        : { status: 404, body: { message: 'Channel not found' } };
    }),
  );
  http.route(
    'DELETE',
    '/ari/channels/:id',
    guarded((request) => {
      if (!channels.has(request.params.id!)) return { status: 404, body: { message: 'Channel not found' } };
      end(request.params.id!, 16);
      return { status: 204, body: '' };
    }),
  );
  http.route(
    'POST',
    '/ari/channels/:id/answer',
    guarded((request) => {
      const channel = channels.get(request.params.id!);
      if (!channel) return { status: 404, body: { message: 'Channel not found' } };
      setState(channel, 'Up');
      return { status: 204, body: '' };
    }),
  );
  http.route(
    'POST',
    '/ari/channels/:id/play',
    guarded((request) =>
      channels.has(request.params.id!)
        ? {
            status: 201,
            body: { id: `playback-${++counter}`, media_uri: request.query.get('media'), state: 'queued' },
          }
        : { status: 404, body: { message: 'Channel not found' } },
    ),
  );
  http.route(
    'GET',
    '/ari/applications/:name',
    guarded((request) =>
      request.params.name === app
        ? {
            status: 200,
            body: {
              name: app,
              channel_ids: [...channels.keys()],
              bridge_ids: [],
              endpoint_ids: [],
              device_names: [],
            },
          }
        : { status: 404, body: { message: 'Application not found' } },
    ),
  );

  return {
    url: http.url,
    bridging,
    app,
    password,
    http,
    channels,
    originated,
    behave: (number, behaviour) => behaviours.set(number, Array.isArray(behaviour) ? behaviour : [behaviour]),
    connections: () => sockets.size,
    async waitForConnection(timeoutMs = 5000, clientPid = process.pid, count = 1) {
      const deadline = Date.now() + timeoutMs;
      const ours = () =>
        [...agents.values()].filter((agent) => agent.includes(`pid ${clientPid})`)).length >= count;
      while (!ours()) {
        if (Date.now() > deadline) throw new Error('no ARI events connection');
        await sleep(20);
      }
    },
    dropConnections() {
      for (const ws of sockets) ws.terminate();
      sockets.clear();
      agents.clear();
    },
    end: (channelId, cause) => end(channelId, cause),
    callInbound(exten, from) {
      // Unique like Asterisk's own ids: inbound calls are claimed by channel id in the database all test files share.
      const id = `inbound-${randomUUID()}`;
      const channel: FakeChannel = {
        id,
        state: 'Ring' as never,
        endpoint: 'PJSIP/trunk',
        callerId: from,
        variables: { __exten: exten },
        args: ['inbound'],
        creationtime: new Date().toISOString(),
      };
      channels.set(id, channel);
      emit({ type: 'StasisStart', args: ['inbound'], channel: snapshot(channel) });
      return id;
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      for (const ws of sockets) ws.terminate();
      wss.close();
      await http.close();
    },
  };
}
