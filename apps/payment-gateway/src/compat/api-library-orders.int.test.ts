import type { AddressInfo } from 'node:net';
import { CheckoutAPI, Client, EnvironmentEnum, Types } from '@adyen/api-library';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, startTestGateway, type TestGateway, testCardMethod } from '../testing/index.ts';
import { startTlsProxy, type TlsProxy } from './tls-proxy.ts';

// Starting a database and the gateway can take a while on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let gateway: TestGateway;
let proxy: TlsProxy;
let orders: CheckoutAPI['OrdersApi'];
let payments: CheckoutAPI['PaymentsApi'];

beforeAll(async () => {
  gateway = await startTestGateway({
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    WEBHOOK_RETRY_LIMIT: '0',
  });
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await startTlsProxy((gateway.app.server.address() as AddressInfo).port);
  const client = new Client({ apiKey: DEMO.apiKey, environment: EnvironmentEnum.TEST });
  // The only change to the official client: trust the test certificate and point it at our base URL.
  (client.httpClient as unknown as { agentOptions: object }).agentOptions = { ca: proxy.certificate };
  const checkout = new CheckoutAPI(client);
  orders = checkout.OrdersApi;
  payments = checkout.PaymentsApi;
  const baseUrl = `https://127.0.0.1:${proxy.port}/v71`;
  (orders as unknown as { baseUrl: string }).baseUrl = baseUrl;
  (payments as unknown as { baseUrl: string }).baseUrl = baseUrl;
});

afterAll(async () => {
  await proxy?.close();
  await gateway?.close();
});

describe('@adyen/api-library OrdersApi against the gateway', () => {
  it('opens an order, pays a part in it and cancels it', async () => {
    const order = await orders.orders({
      amount: { currency: 'EUR', value: 7500 },
      merchantAccount: DEMO.merchantAccount,
      reference: 'lib-order-1',
    });
    expect(order.resultCode).toBe(Types.checkout.CreateOrderResponse.ResultCodeEnum.Success);
    expect(order.remainingAmount).toEqual({ currency: 'EUR', value: 7500 });
    const part = await payments.payments({
      amount: { currency: 'EUR', value: 5000 },
      merchantAccount: DEMO.merchantAccount,
      reference: 'lib-order-1-part-1',
      returnUrl: 'http://localhost:3000/return',
      paymentMethod: testCardMethod('4111111111111111') as unknown as Types.checkout.CardDetails,
      order: { pspReference: order.pspReference as string, orderData: order.orderData },
    });
    expect(part.resultCode).toBe(Types.checkout.PaymentResponse.ResultCodeEnum.Authorised);
    expect(part.order?.remainingAmount).toEqual({ currency: 'EUR', value: 2500 });
    const cancelled = await orders.cancelOrder({
      merchantAccount: DEMO.merchantAccount,
      order: { pspReference: order.pspReference as string, orderData: part.order?.orderData as string },
    });
    expect(cancelled.resultCode).toBe(Types.checkout.CancelOrderResponse.ResultCodeEnum.Received);
  });
});
