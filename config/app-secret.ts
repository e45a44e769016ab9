import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EnvReader } from './env-reader';
import type { Config } from './settings';

/**
 * APP_SECRET, at least 32 characters. Required in production; elsewhere a generated one is kept in the data folder.
 * Null only when a problem was added to `problems`.
 */
export function readAppSecret(
  read: EnvReader,
  envName: Config['env'],
  dataDir: string,
  problems: string[],
): string | null {
  let appSecret = read.secret('APP_SECRET');
  if (appSecret !== null && appSecret.length < 32) problems.push('APP_SECRET must be at least 32 characters');
  if (appSecret === null) {
    if (envName === 'production')
      problems.push('APP_SECRET is required in production (at least 32 random characters)');
    else appSecret = readOrCreateLocalSecret(dataDir);
  }
  return appSecret;
}

/**
 * APP_SECRET_PREVIOUS (optional): the secret before a rotation, still accepted when reading ciphertexts and
 * verifying tokens, never used to write. At least 32 characters and not APP_SECRET itself.
 */
export function readPreviousAppSecret(
  read: EnvReader,
  appSecret: string | null,
  problems: string[],
): string | null {
  const previous = read.secret('APP_SECRET_PREVIOUS');
  if (previous === null) return null;
  if (previous.length < 32) problems.push('APP_SECRET_PREVIOUS must be at least 32 characters');
  else if (previous === appSecret)
    problems.push('APP_SECRET_PREVIOUS must differ from APP_SECRET (the new secret)');
  return previous;
}

/** Outside production the service keeps a generated secret in its data folder, so restarts keep working links and keys. */
function readOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
