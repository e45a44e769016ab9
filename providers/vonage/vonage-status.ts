/** Vonage Voice API event webhooks, application JWTs and signed-webhook verification. */
import { createHash, createHmac, randomUUID, sign, timingSafeEqual } from 'node:crypto';
import type { CallOutcome } from '../../domain/outcomes';
import type { CallStatus } from '../provider';

export interface VonageEvent {
  uuid?: string;
  status?: string;
  detail?: string;
  duration?: string | number;
  sub_state?: string;
}

const IN_PROGRESS = new Set(['started', 'ringing', 'answered', 'human']);

export function vonageOutcome(status: string, detail: string | undefined): CallOutcome | null {
  switch (status) {
    case 'completed':
      return 'completed';
    case 'machine':
      return 'voicemail';
    case 'busy':
    case 'rejected':
      return 'busy';
    case 'timeout':
    case 'unanswered':
      return 'no_answer';
    case 'cancelled':
      return 'canceled';
    case 'failed':
      return detail === 'invalid_number' || detail === 'unallocated_number' ? 'invalid_number' : 'failed';
    default:
      return null;
  }
}

/** An event webhook in the engine's terms; `machine` (AMD) settles the attempt as voicemail at once. */
export function vonageCallStatus(event: VonageEvent): CallStatus | null {
  if (!event.uuid || !event.status) return null;
  const outcome = vonageOutcome(event.status, event.detail);
  if (!outcome) {
    if (!IN_PROGRESS.has(event.status)) return null;
    return { state: 'in_progress', providerCallId: event.uuid, rawStatus: event.status };
  }
  const duration = Number(event.duration);
  return {
    state: 'ended',
    providerCallId: event.uuid,
    outcome,
    rawStatus: event.detail ? `${event.status}/${event.detail}` : event.status,
    cause: event.detail ? `vonage:${event.detail}` : null,
    durationSeconds: Number.isFinite(duration) ? duration : null,
  };
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** The application JWT Vonage's Voice API takes as Bearer token: RS256 over `application_id`, `iat`, `exp`, `jti`. */
export function vonageApplicationJwt(
  applicationId: string,
  privateKey: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      application_id: applicationId,
      iat: nowSeconds,
      exp: nowSeconds + 300,
      jti: randomUUID(),
    }),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), privateKey);
  return `${header}.${claims}.${base64url(signature)}`;
}

/** How far a signed webhook's `iat` may be from our clock: Vonage's tokens are fresh, a captured one soon is not. */
const VONAGE_WEBHOOK_MAX_AGE_SECONDS = 300;

/**
 * The claims of a Vonage signed-webhook JWT (`Authorization: Bearer <JWT>`, HS256 with the account's signature
 * secret), or null when the signature, the algorithm, an `iat` more than 5 minutes away or an expired `exp` refuses it.
 */
function verifiedClaims(
  authorization: string | undefined,
  signatureSecret: string,
  nowSeconds: number,
): Record<string, unknown> | null {
  const token = authorization?.replace(/^Bearer\s+/i, '');
  const [header, claims, signature, ...extra] = token?.split('.') ?? [];
  if (!header || !claims || !signature || extra.length > 0 || !signatureSecret) return null;
  const expected = Buffer.from(
    createHmac('sha256', signatureSecret).update(`${header}.${claims}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const payload = decodeJson(claims);
  if (decodeJson(header)?.alg !== 'HS256' || !payload) return null;
  const { iat, exp } = payload;
  if (typeof iat !== 'number' || Math.abs(nowSeconds - iat) > VONAGE_WEBHOOK_MAX_AGE_SECONDS) return null;
  if (exp !== undefined && (typeof exp !== 'number' || exp < nowSeconds)) return null;
  return payload;
}

/**
 * Vonage signed webhooks (on by default for the Voice API): `Authorization: Bearer <JWT>`, HS256 with the account's
 * signature secret, whose claims carry the `api_key` the secret belongs to, `iat`, and `payload_hash`, the SHA-256
 * (hex) of the raw body. Refused: an empty secret or key, another `api_key`, an `iat` more than 5 minutes away, an
 * expired `exp`, and a body without `payload_hash` (else a captured token could carry any body).
 */
export function isValidVonageSignature(input: {
  signatureSecret: string;
  apiKey: string;
  authorization: string | undefined;
  rawBody: string;
  nowSeconds?: number;
}): boolean {
  const { apiKey, rawBody } = input;
  if (!apiKey) return false;
  const payload = verifiedClaims(
    input.authorization,
    input.signatureSecret,
    input.nowSeconds ?? Date.now() / 1000,
  );
  if (!payload || payload.api_key !== apiKey) return false;
  if (payload.payload_hash === undefined) return rawBody === '';
  return payload.payload_hash === createHash('sha256').update(rawBody).digest('hex');
}

/**
 * The opening handshake of a media WebSocket whose NCCO asked for `authorization: {type: 'vonage'}`: Vonage sends the
 * JWT of its signed webhooks, so the same check holds, over an empty body (a `payload_hash`, if any, is the empty
 * body's). The token names no URL: the path's per-call token binds the stream to its run.
 */
export function isValidVonageHandshake(
  authorization: string | undefined,
  signatureSecret: string,
  nowSeconds = Date.now() / 1000,
): boolean {
  const payload = verifiedClaims(authorization, signatureSecret, nowSeconds);
  if (!payload) return false;
  return (
    payload.payload_hash === undefined ||
    payload.payload_hash === createHash('sha256').update('').digest('hex')
  );
}

/** A base64url JSON object, or null. */
function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString());
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
