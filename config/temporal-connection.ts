import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { EnvReader } from './env-reader';

/**
 * How the processes reach a Temporal server that needs TLS, a client certificate (mTLS) or an API key (Temporal
 * Cloud). Files are kept as paths and read when a connection is made, so a renewed certificate takes effect at the
 * next start without a config change.
 */
export interface TemporalConnectionSettings {
  /** null: plaintext gRPC (the dev server, the compose file's own Temporal). */
  tls: {
    /** PEM client certificate and key (mTLS); both or neither. */
    clientCertPath: string | null;
    clientKeyPath: string | null;
    /** PEM CA bundle that signed the server's certificate; null: the system's trusted roots. */
    serverCaPath: string | null;
    /** Overrides the name checked against the server's certificate (SNI). */
    serverName: string | null;
  } | null;
  /** Sent as `Authorization: Bearer <key>` on every call (Temporal Cloud API keys); implies TLS. */
  apiKey: string | null;
}

/**
 * Reads TEMPORAL_TLS, TEMPORAL_TLS_CERT_PATH, TEMPORAL_TLS_KEY_PATH, TEMPORAL_TLS_CA_PATH, TEMPORAL_TLS_SERVER_NAME
 * and TEMPORAL_API_KEY. TLS is on when TEMPORAL_TLS is true or any TLS setting or the API key is set (TEMPORAL_TLS=false
 * with one of them is a problem). The certificate and key go together, and every named file must be readable now, so
 * a typo stops the process at start rather than at its first connection.
 */
export function readTemporalConnectionSettings(
  read: EnvReader,
  problems: string[],
): TemporalConnectionSettings {
  const certPath = readableFile(read, 'TEMPORAL_TLS_CERT_PATH', problems);
  const keyPath = readableFile(read, 'TEMPORAL_TLS_KEY_PATH', problems);
  const caPath = readableFile(read, 'TEMPORAL_TLS_CA_PATH', problems);
  const serverName = read.opt('TEMPORAL_TLS_SERVER_NAME');
  const apiKey = read.secret('TEMPORAL_API_KEY');
  if ((certPath === null) !== (keyPath === null)) {
    problems.push(
      'TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH must be set together (a client certificate and its key)',
    );
  }
  const implied = [certPath, keyPath, caPath, serverName, apiKey].some((value) => value !== null);
  const explicit = read.opt('TEMPORAL_TLS') === null ? null : read.bool('TEMPORAL_TLS', false);
  if (explicit === false && implied) {
    problems.push(
      'TEMPORAL_TLS is false but a TEMPORAL_TLS_* setting or TEMPORAL_API_KEY is set: they need TLS (unset TEMPORAL_TLS)',
    );
  }
  const tlsOn = explicit ?? implied;
  return {
    tls: tlsOn
      ? { clientCertPath: certPath, clientKeyPath: keyPath, serverCaPath: caPath, serverName }
      : null,
    apiKey,
  };
}

/** The setting's path, made absolute; a file that cannot be read is a problem naming the setting. */
function readableFile(read: EnvReader, name: string, problems: string[]): string | null {
  const raw = read.opt(name);
  if (raw === null) return null;
  const file = path.resolve(raw);
  try {
    accessSync(file, constants.R_OK);
  } catch {
    problems.push(`${name} names a file that cannot be read: ${file}`);
  }
  return file;
}
