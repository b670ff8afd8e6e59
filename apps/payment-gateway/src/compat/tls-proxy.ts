import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:tls';

export interface TlsProxy {
  port: number;
  certificate: Buffer;
  close(): Promise<void>;
}

/**
 * An HTTPS front for a loopback HTTP port, with a throw-away self-signed certificate: the official
 * server library only speaks HTTPS, as Adyen's endpoints do.
 */
export async function startTlsProxy(targetPort: number): Promise<TlsProxy> {
  const folder = mkdtempSync(join(tmpdir(), 'gateway-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(folder, 'key.pem'),
        '-out',
        join(folder, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const key = readFileSync(join(folder, 'key.pem'));
    const certificate = readFileSync(join(folder, 'cert.pem'));
    const server: Server = createServer({ key, cert: certificate }, (socket) => {
      const upstream = connect(targetPort, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as AddressInfo).port,
      certificate,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
