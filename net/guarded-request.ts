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
  body?: string;
  signal?: AbortSignal;
  /** Answers longer than this are cut off with an error (vendor API answers are small). */
  maxResponseBytes?: number;
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

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
      { method: init.method, headers: init.headers, signal: init.signal, lookup, agent: false },
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
