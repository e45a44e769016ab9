/** The part numbers a multipart upload accepts, the same on every store. */
import { MAX_PART_NUMBER } from './object-storage';

export function checkPartNumber(partNumber: number): void {
  if (!Number.isSafeInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER)
    throw new RangeError(`part number must be 1 to ${MAX_PART_NUMBER}: ${partNumber}`);
}
