/**
 * Checks a ZIP (a DOCX) before a parser inflates it: every entry is inflated here with a cap on the bytes it may
 * produce, so a zip bomb — whose headers may lie about its sizes — is refused after at most the cap, never held in
 * memory whole. Only what the bytes really inflate to counts; the declared sizes are not trusted.
 */
import { inflateRawSync } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const MAX_ENTRIES = 2000;

export class ZipRejected extends Error {}

/** Throws ZipRejected when the archive is malformed or inflates to more than `maxInflatedBytes` in all. */
export function checkZip(bytes: Buffer, maxInflatedBytes: number): void {
  const end = findEndOfCentralDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  if (count > MAX_ENTRIES) throw new ZipRejected(`the archive has more than ${MAX_ENTRIES} entries`);
  let at = bytes.readUInt32LE(end + 16);
  let budget = maxInflatedBytes;
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_ENTRY)
      throw new ZipRejected('the archive is damaged');
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localAt = bytes.readUInt32LE(at + 42);
    at += 46 + nameLength + extraLength + commentLength;
    if (localAt + 30 > bytes.length || bytes.readUInt32LE(localAt) !== LOCAL_ENTRY)
      throw new ZipRejected('the archive is damaged');
    const dataAt = localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    if (dataAt + compressedSize > bytes.length) throw new ZipRejected('the archive is damaged');
    const data = bytes.subarray(dataAt, dataAt + compressedSize);
    budget -= inflatedSize(method, data, budget, maxInflatedBytes);
  }
}

function inflatedSize(method: number, data: Buffer, budget: number, maxInflatedBytes: number): number {
  const tooBig = () =>
    new ZipRejected(`the archive inflates to more than ${maxInflatedBytes} bytes (a zip bomb?)`);
  if (method === 0) {
    if (data.length > budget) throw tooBig();
    return data.length;
  }
  if (method !== 8) throw new ZipRejected(`the archive uses an unsupported compression method (${method})`);
  try {
    // maxOutputLength makes zlib stop (RangeError) as soon as the output passes the budget.
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw tooBig();
    throw new ZipRejected('the archive is damaged');
  }
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65535); at--)
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  throw new ZipRejected('the file is not a ZIP archive');
}
