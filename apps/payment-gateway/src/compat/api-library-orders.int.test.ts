import { Types } from '@adyen/api-library';
import { describe, expect, it } from 'vitest';
import { DEMO, testCardMethod } from '../testing/index.ts';
import { useApiLibrary } from './api-library-harness.ts';

const harness = useApiLibrary();

describe('@adyen/api-library OrdersApi against the gateway', () => {
  it('opens an order, pays a part in it and cancels it', async () => {
    const order = await harness.api.orders.orders({
      amount: { currency: 'EUR', value: 7500 },
      merchantAccount: DEMO.merchantAccount,
      reference: 'lib-order-1',
    });
    expect(order.resultCode).toBe(Types.checkout.CreateOrderResponse.ResultCodeEnum.Success);
    expect(order.remainingAmount).toEqual({ currency: 'EUR', value: 7500 });
    const part = await harness.api.payments.payments({
      amount: { currency: 'EUR', value: 5000 },
      merchantAccount: DEMO.merchantAccount,
      reference: 'lib-order-1-part-1',
      returnUrl: 'http://localhost:3000/return',
      paymentMethod: testCardMethod('4111111111111111') as unknown as Types.checkout.CardDetails,
      order: { pspReference: order.pspReference as string, orderData: order.orderData },
    });
    expect(part.resultCode).toBe(Types.checkout.PaymentResponse.ResultCodeEnum.Authorised);
    expect(part.order?.remainingAmount).toEqual({ currency: 'EUR', value: 2500 });
    const cancelled = await harness.api.orders.cancelOrder({
      merchantAccount: DEMO.merchantAccount,
      order: { pspReference: order.pspReference as string, orderData: part.order?.orderData as string },
    });
    expect(cancelled.resultCode).toBe(Types.checkout.CancelOrderResponse.ResultCodeEnum.Received);
  });
});
