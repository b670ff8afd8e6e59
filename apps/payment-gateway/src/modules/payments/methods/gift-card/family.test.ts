import { describe, expect, it } from 'vitest';
import type { MerchantContext } from '../../../../shared/context.ts';
import type { GatewayKeys } from '../../../crypto/service.ts';
import type { PaymentRequest } from '../../models.ts';
import { GiftCardFamily } from './family.ts';

// `test_` values never reach the key: the family is tested without one.
const family = new GiftCardFamily({} as GatewayKeys);
const context = { now: new Date('2026-11-27T12:00:00Z') } as MerchantContext;
const ORDER = { pspReference: 'ORDER0000000001', orderData: 'opaque' };

const giftCard = (brand: string, number: string, pin: string) => ({
  type: 'giftcard',
  brand,
  encryptedCardNumber: `test_${number}`,
  encryptedSecurityCode: `test_${pin}`,
});
const request = (
  paymentMethod: Record<string, unknown>,
  amount: { currency: string; value: number },
  extra: Record<string, unknown> = {},
) => ({ amount, reference: 'order-1', merchantAccount: 'm', paymentMethod, ...extra }) as PaymentRequest;
const eur = (value: number) => ({ currency: 'EUR', value });

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; code: string; message: string };
  }
  throw new Error('expected a rejection');
}

describe('GiftCardFamily listing', () => {
  const types = (query: Parameters<GiftCardFamily['listEntries']>[1]) =>
    family.listEntries(context, query).map((entry) => `${entry.type}${entry.brand ? `/${entry.brand}` : ''}`);

  it('offers the gift cards everywhere and meal vouchers only in France in euros', () => {
    const giftCards = ['giftcard/givex', 'giftcard/svs', 'giftcard/genericgiftcard'];
    expect(types({ amount: { currency: 'DKK', value: 100 }, countryCode: 'DK' })).toEqual(giftCards);
    expect(types({})).toEqual(giftCards);
    expect(types({ amount: eur(100), countryCode: 'FR' })).toEqual([
      ...giftCards,
      'mealVoucher_FR_natixis',
      'mealVoucher_FR_sodexo',
      'mealVoucher_FR_groupeup',
    ]);
    expect(types({ amount: { currency: 'USD', value: 100 }, countryCode: 'FR' })).toEqual(giftCards);
    expect(types({ amount: eur(100), countryCode: 'DE' })).toEqual(giftCards);
  });

  it('handles giftcard and the three meal voucher types, settling at once', () => {
    expect(['giftcard', 'mealVoucher_FR_sodexo'].every((type) => family.handles(type))).toBe(true);
    expect(family.handles('scheme')).toBe(false);
    expect(family.modifications('giftcard')).toMatchObject({
      capture: 'immediate',
      refund: true,
      cancel: false,
    });
  });
});

describe('GiftCardFamily decisions', () => {
  const givex50 = giftCard('givex', '6036280000000000000', '123');

  it('authorises a payment the balance covers, with the last four digits and no 3DS', async () => {
    const decision = await family.decide(context, request(givex50, eur(5000)));
    expect(decision).toMatchObject({
      paymentMethodType: 'giftcard',
      brand: 'givex',
      lastFour: '0000',
      threeDs: 'none',
      acquirer: { resultCode: 'Authorised' },
    });
    expect(decision.authorisedValue).toBeUndefined();
  });

  it('refuses more than the balance without an order (12) and takes the balance inside one', async () => {
    const alone = await family.decide(context, request(givex50, eur(7500)));
    expect(alone.acquirer).toMatchObject({
      resultCode: 'Refused',
      code: 12,
      refusalReason: 'Not enough balance',
    });
    const inOrder = await family.decide(context, request(givex50, eur(7500), { order: ORDER }));
    expect(inOrder.acquirer.resultCode).toBe('Authorised');
    expect(inOrder.authorisedValue).toBe(5000);
    // Inside an order a card that covers everything is charged in full, without a cap.
    const covered = await family.decide(context, request(givex50, eur(2000), { order: ORDER }));
    expect(covered.authorisedValue).toBeUndefined();
  });

  it('caps a part payment at the transaction limit', async () => {
    const limited = giftCard('givex', '6036280000000000043', '123');
    const decision = await family.decide(context, request(limited, eur(30_000), { order: ORDER }));
    expect(decision.authorisedValue).toBe(20_000);
    const alone = await family.decide(context, request(limited, eur(30_000)));
    expect(alone.acquirer.code).toBe(12);
  });

  it('refuses an empty card (12) even inside an order, and another currency (7)', async () => {
    const empty = giftCard('givex', '6036280000000000027', '123');
    expect((await family.decide(context, request(empty, eur(100), { order: ORDER }))).acquirer.code).toBe(12);
    const dollars = giftCard('givex', '6036280000000000035', '123');
    const decision = await family.decide(context, request(dollars, eur(100), { order: ORDER }));
    expect(decision.acquirer).toMatchObject({ code: 7, refusalReason: 'Invalid Amount' });
    expect(decision.authorisedValue).toBeUndefined();
  });

  it('refuses a wrong or missing PIN (17) and an unknown number or brand mismatch (8)', async () => {
    const wrongPin = await family.decide(
      context,
      request(giftCard('givex', '6036280000000000000', '999'), eur(100)),
    );
    expect(wrongPin.acquirer).toMatchObject({
      code: 17,
      refusalReason: 'Invalid Pin',
      resultCode: 'Refused',
    });
    const { encryptedSecurityCode: _pin, ...noPin } = givex50;
    expect((await family.decide(context, request(noPin, eur(100)))).acquirer.code).toBe(17);
    const unknown = await family.decide(
      context,
      request(giftCard('givex', '6036289999999999999', '123'), eur(100)),
    );
    expect(unknown.acquirer).toMatchObject({ code: 8, refusalReason: 'Invalid Card Number' });
    expect(unknown.lastFour).toBe('9999');
    const otherBrand = await family.decide(
      context,
      request(giftCard('svs', '6036280000000000000', '123'), eur(100)),
    );
    expect(otherBrand.acquirer.code).toBe(8);
  });

  it('checks a meal voucher expiry: past is Expired Card (6), another future date a generic refusal', async () => {
    const voucher = (month: string, year: string) => ({
      type: 'mealVoucher_FR_natixis',
      encryptedCardNumber: 'test_5010100000000000000',
      encryptedSecurityCode: 'test_1234',
      encryptedExpiryMonth: `test_${month}`,
      encryptedExpiryYear: `test_${year}`,
    });
    const ok = await family.decide(context, request(voucher('03', '2030'), eur(2500)));
    expect(ok).toMatchObject({
      paymentMethodType: 'mealVoucher_FR_natixis',
      acquirer: { resultCode: 'Authorised' },
    });
    expect(ok.brand).toBeUndefined();
    expect((await family.decide(context, request(voucher('01', '2020'), eur(100)))).acquirer).toMatchObject({
      code: 6,
      refusalReason: 'Expired Card',
    });
    expect((await family.decide(context, request(voucher('04', '30'), eur(100)))).acquirer.code).toBe(2);
    const { encryptedExpiryYear: _year, ...noYear } = voucher('03', '2030');
    expect((await rejection(family.decide(context, request(noYear, eur(100))))).code).toBe('129');
  });

  it('rejects malformed input with 422 before looking at the card', async () => {
    const code = async (method: Record<string, unknown>) =>
      (await rejection(family.decide(context, request(method, eur(100))))).code;
    expect(await code(giftCard('givex', '12345678901234', '123'))).toBe('101');
    expect(await code(giftCard('givex', '6'.repeat(33), '123'))).toBe('101');
    expect(await code(giftCard('givex', '6036280000000000000', '12'))).toBe('103');
    expect(await code(giftCard('givex', '6036280000000000000', '12345678901'))).toBe('103');
    expect(await code(giftCard('visa', '6036280000000000000', '123'))).toBe('905');
    expect(await code({ type: 'giftcard', encryptedCardNumber: 'test_6036280000000000000' })).toBe('905');
    expect(await code({ type: 'giftcard', brand: 'givex', number: '6036280000000000000', cvc: '123' })).toBe(
      '000',
    );
    expect(await code({ type: 'giftcard', brand: 'givex' })).toBe('101');
  });
});
