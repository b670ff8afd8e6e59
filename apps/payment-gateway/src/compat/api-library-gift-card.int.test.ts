import { CheckoutAPI, Client, EnvironmentEnum, Types } from '@adyen/api-library';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, startTestGateway, type TestGateway } from '../testing/index.ts';
import { httpsListenerOf } from '../modules/tls/listener.ts';

// Starting a database and the gateway can take a while on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let gateway: TestGateway;
let orders: CheckoutAPI['OrdersApi'];
let payments: CheckoutAPI['PaymentsApi'];

beforeAll(async () => {
  gateway = await startTestGateway({
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    WEBHOOK_RETRY_LIMIT: '0',
  });
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  const https = await httpsListenerOf(gateway.app);
  if (!https) throw new Error('the gateway opened no HTTPS port');
  const client = new Client({ apiKey: DEMO.apiKey, environment: EnvironmentEnum.TEST });
  // As in api-library.int.test.ts: trust the test certificate and point the client at our base URL.
  (client.httpClient as unknown as { agentOptions: object }).agentOptions = { ca: https.tls.cert };
  const checkout = new CheckoutAPI(client);
  orders = checkout.OrdersApi;
  payments = checkout.PaymentsApi;
  const baseUrl = `https://127.0.0.1:${https.port}/v71`;
  (orders as unknown as { baseUrl: string }).baseUrl = baseUrl;
  (payments as unknown as { baseUrl: string }).baseUrl = baseUrl;
});

afterAll(async () => {
  await gateway?.close();
});

const givex = (number: string, pin: string) => ({
  type: 'giftcard',
  brand: 'givex',
  encryptedCardNumber: `test_${number}`,
  encryptedSecurityCode: `test_${pin}`,
});

describe('@adyen/api-library gift cards against the gateway', () => {
  it('checks a balance with OrdersApi.getBalanceOfGiftCard', async () => {
    const result = await orders.getBalanceOfGiftCard({
      merchantAccount: DEMO.merchantAccount,
      amount: { currency: 'EUR', value: 7500 },
      paymentMethod: givex(
        '6036280000000000000',
        '123',
      ) as Types.checkout.BalanceCheckRequest['paymentMethod'],
    });
    expect(result.resultCode).toBe(Types.checkout.BalanceCheckResponse.ResultCodeEnum.NotEnoughBalance);
    expect(result.balance).toEqual({ currency: 'EUR', value: 5000 });
    const limited = await orders.getBalanceOfGiftCard({
      merchantAccount: DEMO.merchantAccount,
      amount: { currency: 'EUR', value: 1000 },
      paymentMethod: givex(
        '6036280000000000043',
        '123',
      ) as Types.checkout.BalanceCheckRequest['paymentMethod'],
    });
    expect(limited.resultCode).toBe(Types.checkout.BalanceCheckResponse.ResultCodeEnum.Success);
    expect(limited.transactionLimit).toEqual({ currency: 'EUR', value: 20_000 });
  });

  it('pays with a gift card', async () => {
    const payment = await payments.payments({
      amount: { currency: 'EUR', value: 2500 },
      merchantAccount: DEMO.merchantAccount,
      reference: 'lib-giftcard-1',
      returnUrl: 'http://localhost:3000/return',
      paymentMethod: givex('6036280000000000000', '123') as unknown as Types.checkout.CardDetails,
    });
    expect(payment.resultCode).toBe(Types.checkout.PaymentResponse.ResultCodeEnum.Authorised);
    expect(payment.paymentMethod).toMatchObject({ type: 'giftcard', brand: 'givex' });
  });
});
