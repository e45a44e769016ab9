import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { temporalConnectionOptions, TemporalTlsFileError } from '../../client/temporal-connection-options';
import { ConfigError, loadConfig } from '../../config';

const base = {
  APP_SECRET: 'config-test-secret-0123456789-0123456789',
  TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233',
};
const dir = mkdtempSync(path.join(os.tmpdir(), 'temporal-tls-'));
const file = (name: string, contents: string) => {
  const filePath = path.join(dir, name);
  writeFileSync(filePath, contents);
  return filePath;
};
const cert = file('client.pem', '-----BEGIN CERTIFICATE-----\nclient\n-----END CERTIFICATE-----\n');
const key = file('client.key', '-----BEGIN PRIVATE KEY-----\nkey\n-----END PRIVATE KEY-----\n');
const ca = file('ca.pem', '-----BEGIN CERTIFICATE-----\nca\n-----END CERTIFICATE-----\n');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Temporal connection settings', () => {
  it('connect in plaintext with nothing set (the dev server, the compose file Temporal)', () => {
    const config = loadConfig(base);
    expect(config.temporal.connection).toEqual({ tls: null, apiKey: null });
    expect(temporalConnectionOptions(config.temporal)).toEqual({ address: 'ns.acct.tmprl.cloud:7233' });
  });

  it('send the client certificate, its key, the CA and the server name read from their files', () => {
    const config = loadConfig({
      ...base,
      TEMPORAL_TLS_CERT_PATH: cert,
      TEMPORAL_TLS_KEY_PATH: key,
      TEMPORAL_TLS_CA_PATH: ca,
      TEMPORAL_TLS_SERVER_NAME: 'temporal.internal',
    });
    const options = temporalConnectionOptions(config.temporal);
    expect(options.address).toBe('ns.acct.tmprl.cloud:7233');
    expect(options.apiKey).toBeUndefined();
    expect(options.tls?.serverNameOverride).toBe('temporal.internal');
    expect(Buffer.from(options.tls!.serverRootCACertificate!).toString()).toContain('ca');
    expect(Buffer.from(options.tls!.clientCertPair!.crt).toString()).toContain('client');
    expect(Buffer.from(options.tls!.clientCertPair!.key).toString()).toContain('PRIVATE KEY');
  });

  it('send an API key over TLS with the system roots (Temporal Cloud)', () => {
    const config = loadConfig({ ...base, TEMPORAL_API_KEY: 'cloud-api-key' });
    expect(temporalConnectionOptions(config.temporal)).toEqual({
      address: 'ns.acct.tmprl.cloud:7233',
      apiKey: 'cloud-api-key',
      tls: {},
    });
  });

  it('turn TLS on alone with TEMPORAL_TLS=true, and refuse TEMPORAL_TLS=false beside TLS settings', () => {
    expect(temporalConnectionOptions(loadConfig({ ...base, TEMPORAL_TLS: 'true' }).temporal).tls).toEqual({});
    expect(() => loadConfig({ ...base, TEMPORAL_TLS: 'false', TEMPORAL_API_KEY: 'k' })).toThrow(
      'TEMPORAL_TLS is false but',
    );
    expect(() => loadConfig({ ...base, TEMPORAL_TLS: 'maybe' })).toThrow(
      'TEMPORAL_TLS must be true or false',
    );
  });

  it('stop at start when the certificate comes without its key, or a file cannot be read', () => {
    expect(() => loadConfig({ ...base, TEMPORAL_TLS_CERT_PATH: cert })).toThrow(
      'TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH must be set together',
    );
    expect(() => loadConfig({ ...base, TEMPORAL_TLS_KEY_PATH: key })).toThrow(ConfigError);
    const missing = path.join(dir, 'missing.pem');
    expect(() => loadConfig({ ...base, TEMPORAL_TLS_CA_PATH: missing })).toThrow(
      `TEMPORAL_TLS_CA_PATH names a file that cannot be read: ${missing}`,
    );
  });

  it('name the setting when a file has gone by the time a connection is made', () => {
    const moving = file('moving-ca.pem', 'ca');
    const config = loadConfig({ ...base, TEMPORAL_TLS_CA_PATH: moving });
    rmSync(moving);
    expect(() => temporalConnectionOptions(config.temporal)).toThrow(TemporalTlsFileError);
    expect(() => temporalConnectionOptions(config.temporal)).toThrow(/^TEMPORAL_TLS_CA_PATH: cannot read /);
  });
});
