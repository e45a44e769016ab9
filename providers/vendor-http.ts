/** What every vendor adapter shares: where this service is reachable, and one HTTP call with the engine's error rules. */
import { ProviderRequestError } from './provider-errors';

/** Facts about this deployment an adapter needs: the public URL vendors post webhooks to. */
export interface ProviderEnvironment {
  publicBaseUrl: string;
  requestTimeoutMs?: number;
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
}

/**
 * One request to a vendor's API. A request that got no answer may still have reached the vendor (a lost
 * answer to a dial is not a refusal); the engine then looks the call up instead of dialing again.
 */
export async function vendorRequest(request: VendorRequest): Promise<Response> {
  try {
    return await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw new ProviderRequestError(
      request.provider,
      `${request.provider} unreachable: ${(error as Error).message}`,
      {
        mayHaveReachedProvider: request.method !== 'GET',
      },
    );
  }
}

/**
 * The error for a vendor's non-success answer. 4xx, 429 and 503 say the request was not acted on; other
 * 5xx answers leave it open whether the call was created.
 */
export function vendorRefusal(provider: string, status: number, message: string): ProviderRequestError {
  return new ProviderRequestError(provider, `${provider} answered ${status}: ${message}`, {
    mayHaveReachedProvider: status >= 500 && status !== 503,
  });
}

/** The vendor's own error message from a JSON or text body, for `provider_sync.message` and logs. */
export async function vendorMessage(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const candidates = [body.message, body.error_message, body.title, body.detail, body.error];
    const errors = body.errors as Array<Record<string, unknown>> | undefined;
    if (Array.isArray(errors) && errors[0]) candidates.unshift(errors[0].detail, errors[0].title);
    const found = candidates.find((value) => typeof value === 'string' && value !== '');
    if (found) return found as string;
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
