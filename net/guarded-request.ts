/** One HTTP request to a user-set destination: checked when it connects, never redirected, its answer bounded. */
import http from 'node:http';
import https from 'node:https';
import {
  DestinationNotAllowedError,
  guardedConnectOptions,
  type DestinationPolicy,
} from './outbound-destinations';

export interface GuardedRequestInit {
  method: string;
  headers?: Record<string, string>;
  /** Text, or bytes (a multipart upload such as an audio file). */
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** Answers longer than this are cut off with an error (vendor API answers are small). */
  maxResponseBytes?: number;
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * Kept-alive connections, pooled per policy: a pooled connection was checked when it opened and stays on the address
 * it was checked with, so only a pool of the same policy may hand it out again.
 */
const pools = new WeakMap<DestinationPolicy, { http: http.Agent; https: https.Agent }>();

function poolOf(policy: DestinationPolicy, protocol: string): http.Agent {
  let pool = pools.get(policy);
  if (!pool) {
    // As Node's global agent: idle sockets close after 5 s, before a vendor's server would close them under us.
    const options = { keepAlive: true, scheduling: 'lifo' as const, timeout: 5000 };
    pool = { http: new http.Agent(options), https: new https.Agent(options) };
    pools.set(policy, pool);
  }
  return protocol === 'https:' ? pool.https : pool.http;
}

/**
 * Like `fetch` with `redirect: 'manual'`: a 3xx comes back as it is. Rejects with `DestinationNotAllowedError`,
 * before a byte is sent, when the URL's host is or resolves to an address the policy refuses.
 */
export async function guardedRequest(
  url: string,
  init: GuardedRequestInit,
  policy: DestinationPolicy,
): Promise<Response> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    // Nothing was sent: for the engine a refusal, not a dial that may have happened.
    throw new DestinationNotAllowedError('the destination is not a valid URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new DestinationNotAllowedError(`${target.protocol} is not an HTTP scheme`);
  const { lookup } = guardedConnectOptions(target, policy);
  const maxBytes = init.maxResponseBytes ?? 1024 * 1024;
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<Response>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: init.method,
        headers: init.headers,
        signal: init.signal,
        lookup,
        agent: poolOf(policy, target.protocol),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let ended = false;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxBytes) return void chunks.push(chunk);
          reject(new Error(`the answer is larger than ${maxBytes} bytes`));
          response.destroy();
        });
        response.on('end', () => {
          ended = true;
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 599) return reject(new Error(`unexpected HTTP status ${status}`));
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
              headers.append(name, item);
          }
          const body = NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, statusText: response.statusMessage, headers }));
        });
        response.on('error', reject);
        response.on('close', () => {
          if (!ended) reject(new Error('the connection closed before the answer ended'));
        });
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
