import { describe, expect, it } from 'vitest';
import {
  merchantCall,
  OTHER_MERCHANT,
  payIn,
  provisionOtherMerchant,
  useTestGateway,
} from '../../../../testing/index.ts';

const gateway = useTestGateway();

async function listMethods(shopperReference?: string, merchantAccount = 'ActuateStore', apiKey?: string) {
  const response = await merchantCall(
    gateway.app,
    'POST',
    '/v71/paymentMethods',
    {
      merchantAccount,
      countryCode: 'US',
      amount: { currency: 'USD', value: 1500 },
      ...(shopperReference ? { shopperReference } : {}),
    },
    apiKey ? { 'x-api-key': apiKey } : {},
  );
  return response.json();
}

async function clientId(merchantAccount?: string, apiKey?: string): Promise<string> {
  const methods = await listMethods(undefined, merchantAccount, apiKey);
  const entry = methods.paymentMethods.find((method: { type: string }) => method.type === 'cashapp');
  return entry.configuration.clientId;
}

/** What the pay kit asks when the shopper approves in the simulator's dialog. */
async function approve(body: Record<string, unknown>) {
  return gateway.app.inject({ method: 'POST', url: '/sdk-simulators/cashapp/approvals', payload: body });
}

async function grants(
  options: { cashtag?: string; payment?: boolean; onFile?: boolean; value?: number } = {},
) {
  const { cashtag = '$sandbox-shopper', payment = true, onFile = false, value = 1500 } = options;
  const response = await approve({
    clientId: await clientId(),
    cashtag,
    actions: {
      ...(payment ? { payment: { amount: { currency: 'USD', value }, scopeId: 'x' } } : {}),
      ...(onFile ? { onFile: { scopeId: 'x' } } : {}),
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    customerProfile: { id: string; cashtag: string };
    grants: { payment?: { grantId: string }; onFile?: { grantId: string } };
  };
}

const pay = (paymentMethod: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  payIn(gateway.app, { type: 'cashapp', ...paymentMethod }, 'USD', extra);

describe('Cash App Pay', () => {
  it('is listed for dollars with a signed clientId and scopeId, not for euros', async () => {
    const entry = (await listMethods()).paymentMethods.find(
      (method: { type: string }) => method.type === 'cashapp',
    );
    expect(entry).toMatchObject({
      type: 'cashapp',
      name: 'Cash App Pay',
      configuration: { scopeId: expect.any(String) },
    });
    expect(entry.configuration.clientId).toMatch(/^CAS-CI_/);
    const euros = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
      merchantAccount: 'ActuateStore',
      countryCode: 'NL',
      amount: { currency: 'EUR', value: 1500 },
    });
    expect(euros.json().paymentMethods.map((method: { type: string }) => method.type)).not.toContain(
      'cashapp',
    );
  });

  it('authorises an approved one-time grant', async () => {
    const approved = await grants();
    const response = await pay({
      grantId: approved.grants.payment!.grantId,
      customerId: approved.customerProfile.id,
    });
    expect(response.json()).toMatchObject({ resultCode: 'Authorised', paymentMethod: { type: 'cashapp' } });
  });

  it('refuses the declining test account at authorisation', async () => {
    const approved = await grants({ cashtag: '$declined-shopper' });
    const response = await pay({ grantId: approved.grants.payment!.grantId });
    expect(response.json()).toMatchObject({ resultCode: 'Refused', refusalReason: 'Refused' });
  });

  it('refuses a forged, foreign, mismatched or missing grant with a 422', async () => {
    const approved = await grants({ value: 999 });
    const otherAmount = await pay({ grantId: approved.grants.payment!.grantId });
    expect(otherAmount.statusCode).toBe(422);
    expect(otherAmount.json().message).toContain('another amount');

    const forged = await pay({ grantId: `${approved.grants.payment!.grantId.slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(422);
    expect((await pay({})).statusCode).toBe(422);

    await provisionOtherMerchant(gateway);
    const foreign = await approve({
      clientId: await clientId(OTHER_MERCHANT.merchantAccount, OTHER_MERCHANT.apiKey),
      cashtag: '$sandbox-shopper',
      actions: { payment: { amount: { currency: 'USD', value: 1500 } } },
    });
    const foreignPayment = await pay({ grantId: foreign.json().grants.payment.grantId });
    expect(foreignPayment.statusCode).toBe(422);
    expect(foreignPayment.json().message).toContain('not a grant issued to this merchant');
  });

  it('the approvals endpoint refuses an unknown clientId or account and answers CORS', async () => {
    const unknown = await approve({
      clientId: 'CAS-CI_nope',
      cashtag: '$sandbox-shopper',
      actions: { onFile: {} },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    const account = await approve({
      clientId: await clientId(),
      cashtag: '$nobody',
      actions: { onFile: {} },
    });
    expect(account.statusCode).toBe(422);
    const noAction = await approve({ clientId: await clientId(), cashtag: '$sandbox-shopper', actions: {} });
    expect(noAction.statusCode).toBe(400);
  });

  it('stores the account with its on-file grant and pays with the stored method', async () => {
    const shopperReference = 'cashapp-shopper-1';
    const approved = await grants({ onFile: true });
    const first = await pay(
      {
        grantId: approved.grants.payment!.grantId,
        onFileGrantId: approved.grants.onFile!.grantId,
        customerId: approved.customerProfile.id,
        cashtag: approved.customerProfile.cashtag,
      },
      { shopperReference, storePaymentMethod: true },
    );
    expect(first.json().resultCode).toBe('Authorised');
    const stored = (await listMethods(shopperReference)).storedPaymentMethods;
    expect(stored).toEqual([
      expect.objectContaining({
        type: 'cashapp',
        cashtag: '$sandbox-shopper',
        supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
      }),
    ]);
    const again = await pay({ storedPaymentMethodId: stored[0].id }, { shopperReference });
    expect(again.json().resultCode).toBe('Authorised');
    const stranger = await pay({ storedPaymentMethodId: stored[0].id }, { shopperReference: 'someone-else' });
    expect(stranger.statusCode).toBe(422);
  });

  it('refuses to store without an on-file grant', async () => {
    const approved = await grants();
    const response = await pay(
      { grantId: approved.grants.payment!.grantId },
      { shopperReference: 'cashapp-shopper-2', storePaymentMethod: true },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('onFileGrantId');
  });
});
