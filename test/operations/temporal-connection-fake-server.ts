import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';

/** PEM files of a throwaway CA, a server certificate for `serverName` and a client certificate, all signed by it. */
export interface TestCertificates {
  dir: string;
  caPath: string;
  serverCertPath: string;
  serverKeyPath: string;
  clientCertPath: string;
  clientKeyPath: string;
  remove(): void;
}

/** Creates the certificates with the openssl command (P-256 keys, valid for a day). */
export function createTestCertificates(serverName: string, clientName: string): TestCertificates {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'temporal-tls-certs-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...newKey,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '1',
    '-subj',
    '/CN=test-ca',
  );
  const signed = (name: string, subject: string, extension: string) => {
    openssl('req', ...newKey, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${subject}`);
    writeFileSync(file(`${name}.ext`), `${extension}\n`);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '1',
      '-extfile',
      `${name}.ext`,
    );
  };
  signed('server', serverName, `subjectAltName=DNS:${serverName}\nextendedKeyUsage=serverAuth`);
  signed('client', clientName, 'extendedKeyUsage=clientAuth');
  return {
    dir,
    caPath: file('ca.pem'),
    serverCertPath: file('server.pem'),
    serverKeyPath: file('server.key'),
    clientCertPath: file('client.pem'),
    clientKeyPath: file('client.key'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** One gRPC call the fake server received: its method path, authorization header and the client certificate's CN. */
export interface ReceivedCall {
  path: string;
  authorization: string | undefined;
  clientCommonName: string | undefined;
}

/**
 * A TLS gRPC endpoint that demands a client certificate signed by the test CA, records each call and answers every
 * one UNIMPLEMENTED. It proves what a Temporal connection sends on the wire; no Temporal server speaks TLS here.
 */
export async function startFakeTlsGrpcServer(certificates: TestCertificates) {
  const calls: ReceivedCall[] = [];
  const server = http2.createSecureServer({
    key: readFileSync(certificates.serverKeyPath),
    cert: readFileSync(certificates.serverCertPath),
    ca: readFileSync(certificates.caPath),
    requestCert: true,
    rejectUnauthorized: true,
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const peer = (stream.session?.socket as TLSSocket | undefined)?.getPeerCertificate();
    calls.push({
      path: String(headers[':path']),
      authorization: headers.authorization as string | undefined,
      // Node types CN as string | string[] (a subject may repeat a field); a certificate of ours has one.
      clientCommonName: [peer?.subject?.CN].flat()[0],
    });
    stream.respond(
      { ':status': 200, 'content-type': 'application/grpc', 'grpc-status': '12', 'grpc-message': 'fake' },
      { endStream: true },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}
