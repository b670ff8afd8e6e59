import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { ServiceApp } from '@actuate/service-kit';
import type { TlsMaterial } from './certificate.ts';

export interface HttpsListener {
  /** The bound port (the configured one, or the one the system picked for 0). */
  readonly port: number;
  readonly tls: TlsMaterial;
}

const listeners = new WeakMap<ServiceApp, Promise<HttpsListener>>();

/**
 * Serves the same app over HTTPS next to its HTTP port: one Fastify instance, so routes, hooks,
 * database and job workers exist once. Official server libraries (Adyen's) accept only HTTPS base
 * URLs; with this a merchant changes nothing but the URL. The listener opens when the app listens
 * on HTTP (a test app that only injects opens none, and makes no certificate) and closes with it.
 */
export function serveHttpsAlongside(
  app: ServiceApp,
  loadTls: () => Promise<TlsMaterial>,
  listen: { port: number; host: string },
) {
  let server: Server | undefined;
  const open = async (): Promise<HttpsListener> => {
    const tls = await loadTls();
    const opened = createServer({ key: tls.key, cert: tls.cert }, (request, response) =>
      app.routing(request, response),
    );
    server = opened;
    await new Promise<void>((resolve, reject) => {
      opened.once('error', reject);
      opened.listen(listen.port, listen.host, () => {
        opened.off('error', reject);
        resolve();
      });
    });
    const port = (opened.address() as AddressInfo).port;
    const trust = tls.selfSigned
      ? ` (self-signed certificate, SHA-256 fingerprint ${tls.fingerprint256})`
      : '';
    app.log.info({ port, fingerprint256: tls.fingerprint256 }, `HTTPS on port ${port}${trust}`);
    return { port, tls };
  };
  // Fastify does not wait for onListen hooks: the promise is registered at once, so whoever awaited
  // listen() finds it and can wait for the HTTPS port.
  app.addHook('onListen', async () => {
    const opening = open();
    listeners.set(app, opening);
    await opening;
  });
  app.addHook('onClose', async () => {
    const opened = server;
    if (!opened?.listening) return;
    opened.closeAllConnections();
    await new Promise<void>((resolve) => opened.close(() => resolve()));
  });
}

/** The app's HTTPS listener once open; undefined when HTTPS is off or the app does not listen. */
export const httpsListenerOf = (app: ServiceApp): Promise<HttpsListener> | undefined => listeners.get(app);
