import { CheckoutAPI, Client, EnvironmentEnum } from '@adyen/api-library';
import { afterAll, beforeAll, vi } from 'vitest';
import { httpsListenerOf } from '../modules/tls/listener.ts';
import { DEMO, startTestGateway, type TestGateway, UNREACHABLE_WEBHOOKS } from '../testing/index.ts';

/** The official library's Checkout services, each pointed at the gateway's HTTPS port. */
export interface CheckoutServices {
  readonly payments: CheckoutAPI['PaymentsApi'];
  readonly modifications: CheckoutAPI['ModificationsApi'];
  readonly orders: CheckoutAPI['OrdersApi'];
  readonly donations: CheckoutAPI['DonationsApi'];
  readonly recurring: CheckoutAPI['RecurringApi'];
}

export interface ApiLibraryHarness {
  readonly gateway: TestGateway;
  readonly api: CheckoutServices;
}

/**
 * The official server library (`@adyen/api-library`) against a gateway of the calling test file, on
 * the gateway's own HTTPS port. The only changes to the library, as a merchant would make them:
 * trust the gateway's certificate and point each service's base URL at it.
 */
export function useApiLibrary(): ApiLibraryHarness {
  // Starting a database and the gateway can take a while on a busy 2-core machine.
  vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });
  let started: ApiLibraryHarness | undefined;
  beforeAll(async () => {
    const gateway = await startTestGateway({ ...UNREACHABLE_WEBHOOKS, HTTPS_ENABLED: 'true' });
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    const https = await httpsListenerOf(gateway.app);
    if (!https) throw new Error('the gateway opened no HTTPS port');
    const client = new Client({ apiKey: DEMO.apiKey, environment: EnvironmentEnum.TEST });
    (client.httpClient as unknown as { agentOptions: object }).agentOptions = { ca: https.tls.cert };
    const checkout = new CheckoutAPI(client);
    const baseUrl = `https://127.0.0.1:${https.port}/v71`;
    // Each getter of CheckoutAPI makes a new service: configure one of each and keep it.
    const pointed = <T>(service: T): T => Object.assign(service as object, { baseUrl }) as T;
    const api: CheckoutServices = {
      payments: pointed(checkout.PaymentsApi),
      modifications: pointed(checkout.ModificationsApi),
      orders: pointed(checkout.OrdersApi),
      donations: pointed(checkout.DonationsApi),
      recurring: pointed(checkout.RecurringApi),
    };
    started = { gateway, api };
  });
  afterAll(async () => started?.gateway.close());
  const current = () => {
    if (!started) throw new Error('the harness starts in beforeAll: use it inside tests and hooks');
    return started;
  };
  return {
    get gateway() {
      return current().gateway;
    },
    get api() {
      return current().api;
    },
  };
}
