import { CreateBucketCommand, ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startProcess, waitUntilReady, type ManagedProcess } from './processes';

export interface S3Server {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/** Starts versitygw (posix backend) on loopback and creates the given buckets. */
export async function startS3Server(options: {
  binary: string;
  port: number;
  rootDir: string;
  logDir: string;
  buckets: string[];
}): Promise<S3Server> {
  mkdirSync(options.rootDir, { recursive: true });
  // Not under the root, nor a name the root is a prefix of: versitygw refuses both.
  const sidecarDir = path.join(
    path.dirname(options.rootDir),
    `metadata-of-${path.basename(options.rootDir)}`,
  );
  mkdirSync(sidecarDir, { recursive: true });
  const accessKeyId = 'localaccesskey';
  const secretAccessKey = 'localsecretkey-not-for-production';
  const region = 'us-east-1';
  const logFile = path.join(options.logDir, `versitygw-${options.port}.log`);
  const proc = startProcess(
    'versitygw',
    options.binary,
    [
      '--port',
      `127.0.0.1:${options.port}`,
      '--access',
      accessKeyId,
      '--secret',
      secretAccessKey,
      '--region',
      region,
      '--quiet',
      'posix',
      // Metadata (ETags of objects and parts, content types) lives in a sidecar folder: with `--nometa` a part's ETag
      // is not kept, and completing any multipart upload fails with InvalidPart. A sidecar needs no xattr support.
      '--sidecar',
      sidecarDir,
      options.rootDir,
    ],
    { logFile },
  );
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
  try {
    await waitUntilReady('S3 server', () => client.send(new ListBucketsCommand({})), {
      timeoutMs: 30_000,
      process: proc,
      logFile,
    });
    for (const bucket of options.buckets) {
      await client.send(new CreateBucketCommand({ Bucket: bucket })).catch((error: { name?: string }) => {
        if (error.name !== 'BucketAlreadyOwnedByYou' && error.name !== 'BucketAlreadyExists') throw error;
      });
    }
  } finally {
    client.destroy();
  }
  return { endpoint, accessKeyId, secretAccessKey, region, process: proc, stop: () => proc.stop() };
}
