import { Types } from '@adyen/api-library';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../testing/index.ts';
import { useApiLibrary } from './api-library-harness.ts';

const harness = useApiLibrary();

const givex = (number: string, pin: string) => ({
  type: 'giftcard',
  brand: 'givex',
  encryptedCardNumber: `test_${number}`,
  encryptedSecurityCode: `test_${pin}`,
});

describe('@adyen/api-library gift cards against the gateway', () => {
  it('checks a balance with OrdersApi.getBalanceOfGiftCard', async () => {
    const result = await harness.api.orders.getBalanceOfGiftCard({
      merchantAccount: DEMO.merchantAccount,
      amount: { currency: 'EUR', value: 7500 },
      paymentMethod: givex(
        '6036280000000000000',
        '123',
      ) as Types.checkout.BalanceCheckRequest['paymentMethod'],
    });
    expect(result.resultCode).toBe(Types.checkout.BalanceCheckResponse.ResultCodeEnum.NotEnoughBalance);
    expect(result.balance).toEqual({ currency: 'EUR', value: 5000 });
    const limited = await harness.api.orders.getBalanceOfGiftCard({
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
    const payment = await harness.api.payments.payments({
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
