/** The ARI REST base and credentials of a configuration: `ari_endpoint`, and the ari.conf user `app_name` with `app_password`. */
import type { DestinationPolicy } from '../../net/outbound-destinations';
import { basicAuth, vendorRequest } from '../vendor-http';

export interface AriConnection {
  /** `http(s)://host:port/ari`, whether or not the configured endpoint ended in `/ari`. */
  restUrl: string;
  /** The events WebSocket of the Stasis application; it takes `authorization` like every ARI request. */
  eventsUrl: string;
  app: string;
  authorization: string;
}

export function ariConnectionOf(
  config: Record<string, unknown>,
  secrets: Record<string, string>,
): AriConnection {
  const endpoint = String(config.ari_endpoint ?? '').replace(/\/+$/, '');
  const restUrl = endpoint.endsWith('/ari') ? endpoint : `${endpoint}/ari`;
  const app = String(config.app_name ?? '');
  const password = secrets.app_password ?? '';
  const events = new URL(`${restUrl}/events`);
  events.protocol = events.protocol === 'https:' || events.protocol === 'wss:' ? 'wss:' : 'ws:';
  // Asterisk reads HTTP basic authentication before `api_key`, on the WebSocket upgrade too: no password in URLs.
  events.searchParams.set('app', app);
  const rest = new URL(restUrl);
  if (rest.protocol === 'ws:') rest.protocol = 'http:';
  if (rest.protocol === 'wss:') rest.protocol = 'https:';
  return {
    restUrl: rest.toString().replace(/\/+$/, ''),
    eventsUrl: events.toString(),
    app,
    authorization: basicAuth(app, password),
  };
}

/** One ARI request of a configuration: basic authentication, a JSON body when given, the destination policy. */
export type AriRequest = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<Response>;

export function ariRequester(
  connection: AriConnection,
  destinations: DestinationPolicy,
  timeoutMs?: number,
): AriRequest {
  return (method, path, body) =>
    vendorRequest({
      provider: 'ari',
      method,
      url: `${connection.restUrl}${path}`,
      headers: {
        authorization: connection.authorization,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      timeoutMs,
      destinations,
    });
}
