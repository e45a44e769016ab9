/**
 * Telnyx Call Control commands on a live call (answer, with the call's media stream; speak; hang up), as the
 * documented v2 API takes them:
 * `POST /v2/calls/{call_control_id}/actions/{action}` with a Bearer API key. Each command carries a `command_id`
 * so a command repeated for a resent webhook is ignored by Telnyx, and a `client_state` that Telnyx echoes in
 * every later webhook of the call.
 */
import type { DestinationPolicy } from '../../net/outbound-destinations';
import { apiBaseUrl, vendorMessage, vendorRefusal, vendorRequest } from '../vendor-http';
import { telnyxStreamFields } from './telnyx-stream';

export interface TelnyxCommandResult {
  ok: boolean;
  status: number;
  message: string;
}

export interface TelnyxCallCommands {
  /** `streamUrl`: the media stream Telnyx opens once the call is answered (telnyx-stream.ts), or null for none. */
  answer(callControlId: string, clientState: string, streamUrl: string | null): Promise<TelnyxCommandResult>;
  speak(callControlId: string, text: string, clientState: string): Promise<TelnyxCommandResult>;
  hangup(callControlId: string): Promise<TelnyxCommandResult>;
}

/**
 * Commands through a configuration's API key. A 4xx answer (the call already ended, was answered elsewhere...)
 * comes back as a result; an unreachable API or a 5xx throws a `ProviderRequestError` so the webhook that asked
 * for the command can fail and be resent by Telnyx.
 */
export function telnyxCallCommands(options: {
  config: Record<string, unknown>;
  secrets: Record<string, string>;
  destinations: DestinationPolicy;
  requestTimeoutMs?: number;
}): TelnyxCallCommands {
  const base = `${apiBaseUrl(options.config, 'https://api.telnyx.com')}/v2`;
  const command = async (
    callControlId: string,
    action: string,
    body: Record<string, unknown>,
  ): Promise<TelnyxCommandResult> => {
    const response = await vendorRequest({
      provider: 'telnyx',
      method: 'POST',
      url: `${base}/calls/${encodeURIComponent(callControlId)}/actions/${action}`,
      headers: {
        authorization: `Bearer ${options.secrets.api_key ?? ''}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ command_id: `vac-${action}`, ...body }),
      timeoutMs: options.requestTimeoutMs,
      destinations: options.destinations,
    });
    if (response.ok) return { ok: true, status: response.status, message: 'ok' };
    if (response.status >= 500) throw await vendorRefusal('telnyx', response);
    return { ok: false, status: response.status, message: await vendorMessage(response) };
  };
  return {
    answer: (id, clientState, streamUrl) =>
      command(id, 'answer', {
        client_state: encodeClientState(clientState),
        ...(streamUrl ? telnyxStreamFields(streamUrl) : {}),
      }),
    speak: (id, text, clientState) =>
      command(id, 'speak', {
        payload: text,
        payload_type: 'text',
        voice: 'female',
        language: 'en-US',
        client_state: encodeClientState(clientState),
      }),
    hangup: (id) => command(id, 'hangup', {}),
  };
}

/** Telnyx takes and echoes `client_state` base64-encoded. */
export function encodeClientState(state: string): string {
  return Buffer.from(state).toString('base64');
}

export function decodeClientState(encoded: string | null | undefined): string {
  if (!encoded) return '';
  try {
    return Buffer.from(encoded, 'base64').toString('utf8');
  } catch {
    return '';
  }
}
