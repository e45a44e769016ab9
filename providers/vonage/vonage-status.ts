/** Vonage Voice API event webhooks, application JWTs and signed-webhook verification. */
import { createHash, createHmac, randomUUID, sign, timingSafeEqual } from 'node:crypto';
import type { CallOutcome } from '../catalogue';
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

/**
 * Vonage signed webhooks: `Authorization: Bearer <JWT>` signed HS256 with the signature secret, whose
 * `payload_hash` is the SHA-256 (hex) of the raw body.
 */
export function isValidVonageSignature(
  signatureSecret: string,
  authorization: string | undefined,
  rawBody: string,
): boolean {
  const token = authorization?.replace(/^Bearer\s+/i, '');
  const [header, claims, signature] = token?.split('.') ?? [];
  if (!header || !claims || !signature || !signatureSecret) return false;
  const expected = Buffer.from(
    createHmac('sha256', signatureSecret).update(`${header}.${claims}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      payload_hash?: string;
      exp?: number;
    };
    if (payload.exp !== undefined && payload.exp < Date.now() / 1000) return false;
    return (
      payload.payload_hash === undefined ||
      payload.payload_hash === createHash('sha256').update(rawBody).digest('hex')
    );
  } catch {
    return false;
  }
}
