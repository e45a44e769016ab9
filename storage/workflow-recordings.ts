import { randomBytes } from 'node:crypto';
import { safeFileName } from './contact-sources';

/**
 * Recorded lines live under `recordings/{org_id}/{recording_id}/`: the upload as `{safe name}`, its conversions as
 * `converted/…`. The organization prefix is what scopes an upload.
 */

const RECORDINGS_PREFIX = 'recordings';
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A short recording_id as Dograh's (8 lower-case letters and digits). */
export function newRecordingId(): string {
  return Array.from(randomBytes(8), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

/** Where a recording's upload goes. */
export function recordingUploadKey(organizationId: number, recordingId: string, fileName: string): string {
  return `${recordingPrefix(organizationId, recordingId)}${safeFileName(fileName)}`;
}

/** True when `key` is an upload of this organization for this recording_id (anything else is refused). */
export function isOwnedRecordingUpload(organizationId: number, recordingId: string, key: string): boolean {
  const prefix = recordingPrefix(organizationId, recordingId);
  if (!key.startsWith(prefix)) return false;
  const name = key.slice(prefix.length);
  return /^[A-Za-z0-9._-]{1,128}$/.test(name) && name !== '.' && name !== '..';
}

/** The converted copies of a recording, one per transport format. */
export function convertedRecordingKeys(organizationId: number, recordingId: string) {
  const prefix = `${recordingPrefix(organizationId, recordingId)}converted/`;
  return { mulaw8000: `${prefix}mulaw-8000.ulaw`, pcm16k: `${prefix}pcm16-16000.raw` };
}

/** Every recorded line of an organization (organization deletion empties it). */
export function organizationRecordingsPrefix(organizationId: number): string {
  return `${RECORDINGS_PREFIX}/${organizationId}/`;
}

function recordingPrefix(organizationId: number, recordingId: string): string {
  return `${organizationRecordingsPrefix(organizationId)}${recordingId}/`;
}
