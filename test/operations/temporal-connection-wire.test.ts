import { NativeConnection } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemporalGateway } from '../../client/temporal';
import { temporalConnectionOptions } from '../../client/temporal-connection-options';
import { loadConfig } from '../../config';
import {
  createTestCertificates,
  startFakeTlsGrpcServer,
  type TestCertificates,
} from './temporal-connection-fake-server';

// What the API's client, its health probe and the worker's native connection really send when TLS settings are
// given: a TLS gRPC endpoint that demands a client certificate records each call (no TLS Temporal server runs here).

let certificates: TestCertificates;
let server: Awaited<ReturnType<typeof startFakeTlsGrpcServer>>;

beforeAll(async () => {
  certificates = createTestCertificates('temporal.test', 'vac-client');
  server = await startFakeTlsGrpcServer(certificates);
});

afterAll(async () => {
  await server?.close();
  certificates?.remove();
});

const tlsConfig = (extra: Record<string, string> = {}) =>
  loadConfig({
    APP_SECRET: 'config-test-secret-0123456789-0123456789',
    TEMPORAL_ADDRESS: server.address,
    TEMPORAL_TLS_CA_PATH: certificates.caPath,
    TEMPORAL_TLS_SERVER_NAME: 'temporal.test',
    ...extra,
  });

describe('Temporal connections with TLS settings', () => {
  it('the API probe presents the client certificate and the API key to a server checked against the CA', async () => {
    const config = tlsConfig({
      TEMPORAL_TLS_CERT_PATH: certificates.clientCertPath,
      TEMPORAL_TLS_KEY_PATH: certificates.clientKeyPath,
      TEMPORAL_API_KEY: 'key-for-the-wire',
    });
    const gateway = createTemporalGateway(config);
    try {
      server.calls.length = 0;
      await expect(gateway.check(5000)).rejects.toThrow();
      expect(server.calls).toContainEqual({
        path: '/temporal.api.workflowservice.v1.WorkflowService/DescribeNamespace',
        authorization: 'Bearer key-for-the-wire',
        clientCommonName: 'vac-client',
      });
    } finally {
      await gateway.close();
    }
  });

  it('the worker connection presents them too', async () => {
    const config = tlsConfig({
      TEMPORAL_TLS_CERT_PATH: certificates.clientCertPath,
      TEMPORAL_TLS_KEY_PATH: certificates.clientKeyPath,
      TEMPORAL_API_KEY: 'worker-key',
    });
    server.calls.length = 0;
    const connection = await NativeConnection.connect(temporalConnectionOptions(config.temporal)).catch(
      (error: unknown) => error,
    );
    if (connection instanceof NativeConnection) await connection.close();
    expect(server.calls.length).toBeGreaterThan(0);
    for (const call of server.calls) {
      expect(call).toMatchObject({ authorization: 'Bearer worker-key', clientCommonName: 'vac-client' });
    }
  });

  it('without a client certificate the server refuses the handshake and receives no call', async () => {
    const gateway = createTemporalGateway(tlsConfig({ TEMPORAL_API_KEY: 'no-cert' }));
    try {
      server.calls.length = 0;
      await expect(gateway.check(3000)).rejects.toThrow();
      expect(server.calls).toEqual([]);
    } finally {
      await gateway.close();
    }
  });
});
