import type { Config } from '../../config';

/**
 * The dashboard page's Content-Security-Policy: scripts, styles and fonts from this origin only, no framing, no
 * plugins. `connect-src` adds the object store's origin, since the CSV upload PUTs to its presigned URL; `media-src`
 * adds it too, for recordings served from public links.
 */
export function dashboardContentSecurityPolicy(config: Pick<Config, 'storage'>): string {
  const storage = storageOrigins(config.storage);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${storage.join(' ')}`.trim(),
    `media-src 'self' blob: ${storage.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origins a presigned S3 URL can have: the configured endpoint's, or AWS's virtual-host and path styles. */
function storageOrigins(storage: Config['storage']): string[] {
  if (storage.kind === 'embedded') return [];
  if (storage.endpoint) return [new URL(storage.endpoint).origin];
  return [`https://${storage.bucket}.s3.${storage.region}.amazonaws.com`, `https://s3.${storage.region}.amazonaws.com`];
}
