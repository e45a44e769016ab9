/** What every vendor adapter shares: where this service is reachable, and one HTTP call with the engine's error rules. */
import { guardedRequest } from '../net/guarded-request';
import { DestinationNotAllowedError, type DestinationPolicy } from '../net/outbound-destinations';
import type { ProviderSyncResult } from './provider';
import { ProviderRequestError, requestNeverSent } from './provider-errors';

/** Facts about this deployment an adapter needs: the public URL vendors post webhooks to, and where it may connect. */
export interface ProviderEnvironment {
  publicBaseUrl: string;
  /** The operator's ALLOWED_PRIVATE_DESTINATIONS: vendor URLs are user-set and checked on every connection. */
  destinations: DestinationPolicy;
  requestTimeoutMs?: number;
  /** The simulator's calls API (in the API process) and the deployment token it accepts; absent, it places no calls. */
  simulator?: { baseUrl: string; token: string };
}

/** What every vendor adapter is built from: the stored configuration, its decrypted secrets and the deployment. */
export interface VendorProviderOptions {
  configurationId: number;
  config: Record<string, unknown>;
  secrets: Record<string, string>;
  environment: ProviderEnvironment;
}

export interface VendorRequest {
  provider: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  destinations: DestinationPolicy;
}

/**
 * One request to a vendor's API. A request that got no answer may still have reached the vendor (a lost
 * answer to a dial is not a refusal); the engine then looks the call up instead of dialing again. A destination
 * the policy refuses and a redirect (never followed: it could lead anywhere) are refusals.
 */
export async function vendorRequest(request: VendorRequest): Promise<Response> {
  const { provider } = request;
  let response: Response;
  try {
    response = await guardedRequest(
      request.url,
      {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(request.timeoutMs ?? 10_000),
      },
      request.destinations,
    );
  } catch (error) {
    if (error instanceof DestinationNotAllowedError)
      throw new ProviderRequestError(provider, `${provider} not called: ${error.message}`, {
        mayHaveReachedProvider: false,
      });
    throw new ProviderRequestError(provider, `${provider} unreachable: ${(error as Error).message}`, {
      mayHaveReachedProvider: request.method !== 'GET' && !requestNeverSent(error),
    });
  }
  if (response.status >= 300 && response.status < 400)
    throw new ProviderRequestError(
      provider,
      `${provider} answered ${response.status}; redirects are not followed`,
      {
        mayHaveReachedProvider: false,
      },
    );
  return response;
}

/**
 * The error for a vendor's non-success answer. 4xx, 429 and 503 say the request was not acted on; other
 * 5xx answers leave it open whether the call was created. The vendor's words go to logs only (`vendorBody`):
 * whatever answers at a user-set URL must never be read back through the API.
 */
export async function vendorRefusal(provider: string, response: Response): Promise<ProviderRequestError> {
  return new ProviderRequestError(provider, `${provider} answered ${response.status}`, {
    mayHaveReachedProvider: response.status >= 500 && response.status !== 503,
    vendorBody: await vendorMessage(response),
  });
}

/**
 * A success answer's JSON body. A body that is not JSON is an error in our words: the parser's own message quotes the
 * body's first characters. The request may have been acted on (a 2xx), so the engine looks the call up.
 */
export async function vendorJson(provider: string, response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderRequestError(
      provider,
      `${provider} answered ${response.status} with a body that is not JSON`,
      {
        mayHaveReachedProvider: true,
        vendorBody: text.slice(0, 300),
      },
    );
  }
}

/** A failed inbound sync step: the status for the client, the vendor's words for logs only. */
export async function vendorSyncFailure(provider: string, response: Response): Promise<ProviderSyncResult> {
  return {
    ok: false,
    message: `${provider} answered ${response.status}`,
    vendorBody: await vendorMessage(response),
  };
}

/** The vendor's own error message from a JSON or text body (at most 300 characters), for logs only. */
export async function vendorMessage(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const candidates = [body.message, body.error_message, body.title, body.detail, body.error];
    const errors = body.errors as Array<Record<string, unknown>> | undefined;
    if (Array.isArray(errors) && errors[0]) candidates.unshift(errors[0].detail, errors[0].title);
    const found = candidates.find((value) => typeof value === 'string' && value !== '');
    if (found) return (found as string).slice(0, 300);
  } catch {
    // Not JSON: the text itself is the message.
  }
  return text.slice(0, 300) || response.statusText;
}

/** HTTP basic authentication header value. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** The API base URL: the configuration's `api_base_url` override (regional edges, local fakes) or the vendor's. */
export function apiBaseUrl(config: Record<string, unknown>, fallback: string): string {
  const override = config.api_base_url;
  return (typeof override === 'string' && override !== '' ? override : fallback).replace(/\/+$/, '');
}
