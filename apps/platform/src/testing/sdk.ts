import type { AddressInfo } from 'node:net';
import { Configuration, type OrderCloudError } from 'ordercloud-javascript-sdk';
import { STOREFRONT_CLIENT_ID } from '../modules/auth/bootstrap.ts';
import type { Platform } from './harness.ts';

/**
 * The platform on a loopback port with the official SDK pointed at it, configured only with
 * `baseApiUrl` (and the storefront's client ID), as the storefront configures it. Answers the base URL.
 */
export async function serveToSdk(platform: Platform): Promise<string> {
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = platform.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  Configuration.Set({ baseApiUrl: baseUrl, clientID: STOREFRONT_CLIENT_ID });
  return baseUrl;
}

/** The SDK's error of a call that must fail (the test fails when it succeeds). */
export const sdkFailure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as OrderCloudError,
  );
