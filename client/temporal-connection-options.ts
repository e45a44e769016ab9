import { readFileSync } from 'node:fs';
import type { TLSConfig } from '@temporalio/client';
import type { Config } from '../config';

/**
 * What every connection to Temporal needs beyond its own options: the address, TLS (CA, client certificate, server
 * name) and the API key. The same shape suits the client's `Connection` and the worker's `NativeConnection`.
 */
export interface TemporalConnectionOptions {
  address: string;
  tls?: TLSConfig;
  apiKey?: string;
}

/** A configured TLS file that cannot be read when a connection is made (moved or unreadable since the start). */
export class TemporalTlsFileError extends Error {
  constructor(setting: string, file: string, cause: unknown) {
    super(`${setting}: cannot read ${file} (${cause instanceof Error ? cause.message : String(cause)})`);
    this.name = 'TemporalTlsFileError';
  }
}

/**
 * Builds the connection options of the configured Temporal server, reading the certificate files now. Used by the
 * API's client and health probe, the worker and the scripts, so every connection authenticates the same way.
 * Throws TemporalTlsFileError naming the setting when a file cannot be read.
 */
export function temporalConnectionOptions(temporal: Config['temporal']): TemporalConnectionOptions {
  const { tls, apiKey } = temporal.connection;
  const options: TemporalConnectionOptions = { address: temporal.address };
  if (apiKey !== null) options.apiKey = apiKey;
  if (tls === null) return options;
  const tlsConfig: TLSConfig = {};
  if (tls.serverName !== null) tlsConfig.serverNameOverride = tls.serverName;
  if (tls.serverCaPath !== null) {
    tlsConfig.serverRootCACertificate = readTlsFile('TEMPORAL_TLS_CA_PATH', tls.serverCaPath);
  }
  if (tls.clientCertPath !== null && tls.clientKeyPath !== null) {
    tlsConfig.clientCertPair = {
      crt: readTlsFile('TEMPORAL_TLS_CERT_PATH', tls.clientCertPath),
      key: readTlsFile('TEMPORAL_TLS_KEY_PATH', tls.clientKeyPath),
    };
  }
  options.tls = tlsConfig;
  return options;
}

function readTlsFile(setting: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new TemporalTlsFileError(setting, file, error);
  }
}
