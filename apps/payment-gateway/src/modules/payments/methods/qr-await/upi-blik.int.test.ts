import { describe, expect, it } from 'vitest';
import { merchantCall, payIn, settleOpenPayment, useTestGateway } from '../../../../testing/index.ts';

const gateway = useTestGateway();

const listMethods = async (countryCode: string, currency: string, shopperReference?: string) =>
  (
    await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
      merchantAccount: 'ActuateStore',
      countryCode,
      amount: { currency, value: 1000 },
      ...(shopperReference ? { shopperReference } : {}),
    })
  ).json();

const pay = (paymentMethod: Record<string, unknown>, currency: string, extra: Record<string, unknown> = {}) =>
  payIn(gateway.app, paymentMethod, currency, extra);

const settle = (pspReference: string, outcome: string) =>
  settleOpenPayment(gateway.app, pspReference, outcome);

describe('UPI umbrella entry', () => {
  it('lists one UPI entry with the apps intent opens (ids and names), before its variants', async () => {
    const types = (await listMethods('IN', 'INR')).paymentMethods.map(
      (entry: { type: string }) => entry.type,
    );
    const upiTypes = types.filter((type: string) => type.startsWith('upi'));
    expect(upiTypes).toEqual(['upi', 'upi_qr', 'upi_collect', 'upi_intent']);
    const umbrella = (await listMethods('IN', 'INR')).paymentMethods.find(
      (entry: { type: string }) => entry.type === 'upi',
    );
    expect(umbrella).toEqual({
      type: 'upi',
      name: 'UPI',
      configuration: { appIds: ['gpay', 'phonepe', 'paytm', 'bhim'] },
      apps: [
        { id: 'gpay', name: 'Google Pay' },
        { id: 'phonepe', name: 'PhonePe' },
        { id: 'paytm', name: 'Paytm' },
        { id: 'bhim', name: 'BHIM' },
      ],
    });
  });

  it('lists no UPI entry outside India or in another currency', async () => {
    const types = (entries: { type: string }[]) => entries.map((entry) => entry.type);
    expect(types((await listMethods('IN', 'EUR')).paymentMethods)).not.toContain('upi');
    expect(types((await listMethods('PL', 'PLN')).paymentMethods)).not.toContain('upi');
  });
});

describe('stored Blik', () => {
  const blikPayment = (shopperReference: string, method: Record<string, unknown>, store = false) =>
    pay({ type: 'blik', ...method }, 'PLN', {
      shopperReference,
      ...(store ? { storePaymentMethod: true } : {}),
    });

  /** Pays by Blik code asking to store it, approves in the app, and returns the stored entries. */
  async function storeBlik(shopperReference: string, outcome = 'authorise') {
    const paid = await blikPayment(shopperReference, { blikCode: '123456' }, true);
    expect(paid.json()).toMatchObject({ resultCode: 'Pending', action: { type: 'await' } });
    await settle(paid.json().pspReference, outcome);
    return (await listMethods('PL', 'PLN', shopperReference)).storedPaymentMethods;
  }

  it('stores the alias once the shopper approves, and lists it for that shopper only', async () => {
    const stored = await storeBlik('blik-shopper-1');
    expect(stored).toEqual([
      {
        id: expect.any(String),
        type: 'blik',
        name: 'BLIK',
        label: 'BLIK (saved)',
        supportedShopperInteractions: ['Ecommerce'],
        supportedRecurringProcessingModels: ['CardOnFile'],
      },
    ]);
    expect((await listMethods('PL', 'PLN', 'someone-else')).storedPaymentMethods).toEqual([]);
  });

  it('stores nothing when the shopper refuses, or without storePaymentMethod', async () => {
    expect(await storeBlik('blik-shopper-2', 'refuse')).toEqual([]);
    const paid = await blikPayment('blik-shopper-3', { blikCode: '123456' });
    await settle(paid.json().pspReference, 'authorise');
    expect((await listMethods('PL', 'PLN', 'blik-shopper-3')).storedPaymentMethods).toEqual([]);
  });

  it('pays with the stored alias without a code: the await step as usual, then Authorised', async () => {
    const [alias] = await storeBlik('blik-shopper-4');
    const paid = await blikPayment('blik-shopper-4', { storedPaymentMethodId: alias.id });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      resultCode: 'Pending',
      action: { type: 'await', paymentMethodType: 'blik', paymentData: expect.any(String) },
    });
    expect((await settle(paid.json().pspReference, 'authorise')).json().resultCode).toBe('Authorised');
    // Paying with the alias does not store it again.
    expect(await listMethods('PL', 'PLN', 'blik-shopper-4')).toMatchObject({
      storedPaymentMethods: [{ id: alias.id }],
    });
  });

  it('refuses an alias of another shopper or an unknown one (422 800)', async () => {
    const [alias] = await storeBlik('blik-shopper-5');
    for (const shopperReference of ['blik-shopper-6', 'blik-shopper-5']) {
      const storedPaymentMethodId = shopperReference === 'blik-shopper-5' ? 'unknown-alias' : alias.id;
      const response = await blikPayment(shopperReference, { storedPaymentMethodId });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errorCode: '800' });
    }
  });

  it('does not list a stored Blik as a card, nor lets a card payment use it', async () => {
    const [alias] = await storeBlik('blik-shopper-7');
    const stored = (await listMethods('PL', 'PLN', 'blik-shopper-7')).storedPaymentMethods;
    expect(stored.map((entry: { type: string }) => entry.type)).toEqual(['blik']);
    const card = await pay({ type: 'scheme', storedPaymentMethodId: alias.id }, 'PLN', {
      shopperReference: 'blik-shopper-7',
    });
    expect(card.statusCode).toBe(422);
  });
});

describe('the sandbox list of pending payments', () => {
  it('lists a QR payment and an app approval waiting for the shopper, and says so', async () => {
    const qr = await pay({ type: 'swish' }, 'SEK');
    const approval = await pay({ type: 'mbway', telephoneNumber: '+351912345678' }, 'EUR');
    for (const response of [qr, approval]) {
      const { merchantReference, pspReference } = response.json();
      expect(response.json().resultCode).toBe('Pending');
      const page = await gateway.app.inject({
        method: 'GET',
        url: `/sandbox/pending?reference=${pspReference}`,
      });
      expect(page.body).toContain('QR codes and app approvals');
      expect(page.body).toContain(merchantReference);
    }
  });
});
