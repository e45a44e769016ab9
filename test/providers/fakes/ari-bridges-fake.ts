/**
 * The ARI fake's bridges and media, as Asterisk's REST interface documents them: mixing bridges (`POST /bridges`,
 * `addChannel`, `removeChannel`, `DELETE`), `ChannelEnteredBridge` / `ChannelLeftBridge` events carrying the bridge
 * (its `channels` after the change), external media over the WebSocket channel (`POST /channels/externalMedia` with
 * `transport=websocket`: the leg connects to the websocket_client.conf connection's URI, see ari-media-leg-fake.ts),
 * and dial and bridge (`POST /channels/create`, `POST /channels/{id}/dial`).
 */
import { Grows } from '../../voice/transport-contract/far-end';
import type { AriBehaviour, FakeChannel } from './ari-types';
import type { FakeRequest, FakeResponse, HttpFake } from './http-fake';
import { openAsteriskMediaLeg, type AsteriskMediaLeg } from './ari-media-leg-fake';

export interface AriFakeCore {
  http: HttpFake;
  app: string;
  channels: Map<string, FakeChannel>;
  emit(event: Record<string, unknown>): void;
  snapshot(channel: FakeChannel): Record<string, unknown>;
  setState(channel: FakeChannel, state: FakeChannel['state']): void;
  end(channelId: string, cause: number): void;
  guarded(
    handler: (request: FakeRequest) => FakeResponse,
  ): (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;
  nextBehaviour(number: string): AriBehaviour;
  track(work: Promise<void>): void;
}

export interface AriBridging {
  bridges: Map<string, { id: string; channels: string[] }>;
  /** Every external media request as received, and each WebSocket leg it opened. */
  externalMedia: URLSearchParams[];
  mediaLegs: Grows<AsteriskMediaLeg>;
  /** `POST /channels/create` and `/dial` requests (transfers). */
  created: URLSearchParams[];
  dialed: Array<{ channelId: string; query: URLSearchParams }>;
  /** Configures a websocket_client.conf connection: its id and `uri`. */
  websocketClient(id: string, uri: string): void;
  /** The ids of channels ended, in order. */
  ended: Grows<string>;
  /** A channel is ending: it leaves its bridge (events first) and a media leg's socket closes. */
  ending(channelId: string): void;
}

const notFound = (what: string): FakeResponse => ({ status: 404, body: { message: `${what} not found` } });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function installAriBridging(core: AriFakeCore): AriBridging {
  const { http, channels, emit, guarded } = core;
  const bridges = new Map<string, { id: string; channels: string[] }>();
  const clients = new Map<string, string>();
  const legs = new Map<string, AsteriskMediaLeg>();
  const bridging: AriBridging = {
    bridges,
    externalMedia: [],
    mediaLegs: new Grows<AsteriskMediaLeg>(),
    created: [],
    dialed: [],
    ended: new Grows<string>(),
    websocketClient: (id, uri) => clients.set(id, uri),
    ending(channelId) {
      for (const bridge of bridges.values())
        if (bridge.channels.includes(channelId)) leave(bridge, channelId);
      legs.get(channelId)?.hangUpChannel();
      legs.delete(channelId);
      bridging.ended.push(channelId);
    },
  };
  const bridgeSnapshot = (bridge: { id: string; channels: string[] }) => ({
    id: bridge.id,
    technology: 'simple_bridge',
    bridge_type: 'mixing',
    bridge_class: 'stasis',
    channels: [...bridge.channels],
  });
  const leave = (bridge: { id: string; channels: string[] }, channelId: string) => {
    bridge.channels = bridge.channels.filter((id) => id !== channelId);
    const channel = channels.get(channelId);
    emit({
      type: 'ChannelLeftBridge',
      bridge: bridgeSnapshot(bridge),
      channel: channel ? core.snapshot(channel) : { id: channelId },
    });
  };

  http.route(
    'POST',
    '/ari/bridges',
    guarded((request) => {
      const id = request.query.get('bridgeId') ?? `bridge-${bridges.size + 1}`;
      if (request.query.get('type') !== 'mixing')
        return { status: 400, body: { message: 'mixing only here' } };
      if (bridges.has(id)) return { status: 409, body: { message: 'Bridge with this id already exists' } };
      bridges.set(id, { id, channels: [] });
      return { status: 200, body: bridgeSnapshot(bridges.get(id)!) };
    }),
  );
  http.route(
    'POST',
    '/ari/bridges/:id/addChannel',
    guarded((request) => {
      const bridge = bridges.get(request.params.id!);
      const channelId = request.query.get('channel') ?? '';
      if (!bridge) return notFound('Bridge');
      if (!channels.has(channelId)) return { status: 400, body: { message: 'Channel not found' } };
      if (!bridge.channels.includes(channelId)) bridge.channels.push(channelId);
      emit({
        type: 'ChannelEnteredBridge',
        bridge: bridgeSnapshot(bridge),
        channel: core.snapshot(channels.get(channelId)!),
      });
      return { status: 204, body: '' };
    }),
  );
  http.route(
    'POST',
    '/ari/bridges/:id/removeChannel',
    guarded((request) => {
      const bridge = bridges.get(request.params.id!);
      const channelId = request.query.get('channel') ?? '';
      if (!bridge) return notFound('Bridge');
      if (!channels.has(channelId)) return { status: 400, body: { message: 'Channel not found' } };
      if (!bridge.channels.includes(channelId))
        return { status: 422, body: { message: 'Channel not in this bridge' } };
      leave(bridge, channelId);
      return { status: 204, body: '' };
    }),
  );
  http.route(
    'DELETE',
    '/ari/bridges/:id',
    guarded((request) => {
      const bridge = bridges.get(request.params.id!);
      if (!bridge) return notFound('Bridge');
      for (const channelId of [...bridge.channels]) leave(bridge, channelId);
      bridges.delete(bridge.id);
      emit({ type: 'BridgeDestroyed', bridge: bridgeSnapshot(bridge) });
      return { status: 204, body: '' };
    }),
  );
  http.route(
    'POST',
    '/ari/channels/externalMedia',
    guarded((request) => {
      const q = request.query;
      bridging.externalMedia.push(q);
      const uri = clients.get(q.get('external_host') ?? '');
      const params = /^v\((.*)\)$/.exec(q.get('transport_data') ?? '');
      if (
        q.get('app') !== core.app ||
        q.get('transport') !== 'websocket' ||
        q.get('encapsulation') !== 'none'
      )
        return { status: 400, body: { message: 'Invalid parameters' } };
      if (q.get('format') !== 'ulaw' || q.get('connection_type') !== 'client' || !uri || !params)
        return { status: 400, body: { message: 'Invalid parameters' } };
      const id = q.get('channelId') ?? `media-${channels.size + 1}`;
      if (channels.has(id))
        return { status: 409, body: { message: 'Channel with given unique ID already exists' } };
      const connection = q.get('external_host')!;
      const channel: FakeChannel = {
        id,
        state: 'Up',
        endpoint: `WebSocket/${connection}`,
        callerId: null,
        variables: {},
        args: [],
        creationtime: new Date().toISOString(),
      };
      channels.set(id, channel);
      const query = new URLSearchParams(
        params[1]!.split(',').map((pair) => pair.split('=', 2) as [string, string]),
      );
      const leg = openAsteriskMediaLeg({
        channelId: id,
        connection,
        url: `${uri}?${query}`,
        onServiceHangup: () => core.end(id, 16),
      });
      legs.set(id, leg);
      bridging.mediaLegs.push(leg);
      return { status: 200, body: core.snapshot(channel) };
    }),
  );
  http.route(
    'POST',
    '/ari/channels/create',
    guarded((request) => {
      const id = request.query.get('channelId') ?? `created-${channels.size + 1}`;
      const endpoint = request.query.get('endpoint');
      if (!endpoint || request.query.get('app') !== core.app)
        return { status: 400, body: { message: 'Invalid parameters' } };
      if (channels.has(id))
        return { status: 409, body: { message: 'Channel with given unique ID already exists' } };
      bridging.created.push(request.query);
      const body = (request.rawBody ? JSON.parse(request.rawBody) : {}) as {
        variables?: Record<string, string>;
      };
      const channel: FakeChannel = {
        id,
        state: 'Down',
        endpoint,
        callerId: body.variables?.['CALLERID(num)'] ?? null,
        variables: body.variables ?? {},
        args: (request.query.get('appArgs') ?? '').split(','),
        creationtime: new Date().toISOString(),
      };
      channels.set(id, channel);
      return { status: 200, body: core.snapshot(channel) };
    }),
  );
  http.route(
    'POST',
    '/ari/channels/:id/dial',
    guarded((request) => {
      const channel = channels.get(request.params.id!);
      if (!channel) return notFound('Channel');
      bridging.dialed.push({ channelId: channel.id, query: request.query });
      const number = channel.endpoint.replace(/^PJSIP\/(?:[^/]+\/)?/, '').replace(/@.*$/, '');
      const behaviour = core.nextBehaviour(number);
      core.track(
        (async () => {
          await pause(30);
          core.setState(channel, 'Ringing');
          await pause(30);
          if (behaviour.answer) core.setState(channel, 'Up');
          else core.end(channel.id, behaviour.cause);
        })(),
      );
      return { status: 204, body: '' };
    }),
  );
  return bridging;
}
