/**
 * Multipart uploads for the embedded store: each part is a file in a folder of its own under
 * `<root>/.multipart/<upload id>/`; completing concatenates them in number order into a new file renamed over the
 * object (as every embedded write is), aborting removes the folder.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { MultipartUpload } from './object-storage';
import { checkPartNumber } from './part-numbers';

export async function createEmbeddedMultipartUpload(input: {
  rootDir: string;
  key: string;
  /** Where the object's file goes (already checked to lie inside the root). */
  file: string;
}): Promise<MultipartUpload> {
  const folder = path.join(input.rootDir, '.multipart', randomUUID());
  await fs.mkdir(folder, { recursive: true });
  const partFile = (partNumber: number) => path.join(folder, String(partNumber).padStart(5, '0'));
  return {
    key: input.key,
    async uploadPart(partNumber, body) {
      checkPartNumber(partNumber);
      const temporary = `${partFile(partNumber)}.partial`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, partFile(partNumber));
    },
    async complete() {
      const parts = (await fs.readdir(folder)).filter((name) => /^\d{5}$/.test(name)).sort();
      if (parts.length === 0) throw new Error(`multipart upload of ${input.key} has no parts`);
      await fs.mkdir(path.dirname(input.file), { recursive: true });
      const temporary = `${input.file}.${process.pid}.${Date.now()}.partial`;
      try {
        const out = await fs.open(temporary, 'w');
        try {
          // One part in memory at a time (a part is a few MiB at most).
          for (const part of parts) await out.write(await fs.readFile(path.join(folder, part)));
        } finally {
          await out.close();
        }
        await fs.rename(temporary, input.file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
      await fs.rm(folder, { recursive: true, force: true });
    },
    async abort() {
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}
