import { isUtf8 } from 'node:buffer';

/**
 * Where a stream's bytes are not UTF-8, found as the bytes go by (chunks may split a character). csv-parse decodes
 * cells with `toString('utf8')`, which turns such bytes into U+FFFD; these offsets tell them from a real U+FFFD.
 * The common file is valid UTF-8 and costs one native `isUtf8` per chunk.
 */
export class InvalidUtf8Offsets {
  private readonly offsets: number[] = [];
  private next = 0;
  private scanned = 0;
  private pending: Buffer = Buffer.alloc(0);

  /** Scans the next chunk of the stream (offsets count from the stream's first byte). */
  scan(chunk: Buffer): void {
    const block = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    const whole = block.length - incompleteTail(block);
    const body = block.subarray(0, whole);
    if (!isUtf8(body)) collectInvalid(body, this.scanned, this.offsets);
    this.scanned += whole;
    this.pending = Buffer.from(block.subarray(whole));
  }

  /** The end of the stream: a character cut off by it is not UTF-8. */
  end(): void {
    for (let index = 0; index < this.pending.length; index++) this.offsets.push(this.scanned + index);
    this.scanned += this.pending.length;
    this.pending = Buffer.alloc(0);
  }

  /** True when a byte in [from, to) is not UTF-8; ranges must be asked in increasing order. */
  within(from: number, to: number): boolean {
    while (this.next < this.offsets.length && this.offsets[this.next]! < from) this.next += 1;
    return this.next < this.offsets.length && this.offsets[this.next]! < to;
  }
}

/** Length of a multi-byte character begun in the last three bytes and not finished in them. */
function incompleteTail(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if (byte < 0x80) return 0;
    if (byte >= 0xc0) return sequenceLength(byte) > back ? back : 0;
  }
  return 0;
}

const sequenceLength = (lead: number) => (lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2);

/** Appends the offset of every byte that does not belong to a valid UTF-8 sequence (the rare, slow path). */
function collectInvalid(bytes: Buffer, base: number, out: number[]): void {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xf4 ? sequenceLength(lead) : 0;
    if (length > 0 && index + length <= bytes.length && isUtf8(bytes.subarray(index, index + length))) {
      index += length;
      continue;
    }
    out.push(base + index);
    index += 1;
  }
}
