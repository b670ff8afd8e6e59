import { describe, expect, it } from 'vitest';
import { merchantCall, paymentRequest, useTestGateway } from '../../../../testing/index.ts';

const gateway = useTestGateway();

/** A Klarna payment asking for the in-page widget (`subtype: 'sdk'`). */
async function startWidget(type = 'klarna', lastName = 'Bauer') {
  const response = await merchantCall(
    gateway.app,
    'POST',
    '/v71/payments',
    paymentRequest(
      { type, subtype: 'sdk' },
      {
        amount: { currency: 'EUR', value: 4500 },
        countryCode: 'DE',
        shopperName: { firstName: 'Anna', lastName },
      },
    ),
  );
  expect(response.statusCode).toBe(200);
  return response.json() as {
    resultCode: string;
    pspReference: string;
    action: { type: string; paymentMethodType: string; paymentData: string; sdkData: Record<string, string> };
  };
}

/** What the widget simulator asks when the shopper approves. */
const authorize = (clientToken: string) =>
  gateway.app.inject({
    method: 'POST',
    url: '/sdk-simulators/klarna/authorizations',
    payload: { client_token: clientToken },
  });

const details = (body: Record<string, unknown>) =>
  merchantCall(gateway.app, 'POST', '/v71/payments/details', body);

describe('Klarna widget (subtype sdk)', () => {
  it('answers Pending with an sdk action carrying the client token and category', async () => {
    const started = await startWidget('klarna_account');
    expect(started).toMatchObject({
      resultCode: 'Pending',
      action: {
        type: 'sdk',
        paymentMethodType: 'klarna_account',
        sdkData: { payment_method_category: 'pay_over_time', client_token: expect.any(String) },
        paymentData: expect.any(String),
      },
    });
  });

  it('authorises with the authorization_token issued for the payment', async () => {
    const started = await startWidget();
    const token = (await authorize(started.action.sdkData.client_token!)).json().authorization_token;
    const response = await details({
      details: { authorization_token: token },
      paymentData: started.action.paymentData,
    });
    expect(response.json()).toMatchObject({ resultCode: 'Authorised', pspReference: started.pspReference });
    // Completed once: the same token again answers the result, not a second authorisation.
    const again = await details({ details: { authorization_token: token } });
    expect(again.json()).toMatchObject({ resultCode: 'Authorised', pspReference: started.pspReference });
  });

  it('follows the shopper-name triggers like the redirect flow', async () => {
    const started = await startWidget('klarna', 'DECLINED');
    const token = (await authorize(started.action.sdkData.client_token!)).json().authorization_token;
    const response = await details({
      details: { authorization_token: token },
      paymentData: started.action.paymentData,
    });
    expect(response.json().resultCode).toBe('Refused');
  });

  it('refuses a token of another payment or a forged one with 422, and the payment stays open', async () => {
    const first = await startWidget();
    const second = await startWidget();
    const foreign = (await authorize(second.action.sdkData.client_token!)).json().authorization_token;
    const mixed = await details({
      details: { authorization_token: foreign },
      paymentData: first.action.paymentData,
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().message).toContain('another payment');
    const forged = await details({ details: { authorization_token: `${foreign.slice(0, -3)}abc` } });
    expect(forged.statusCode).toBe(422);
    const tampered = await authorize(`${first.action.sdkData.client_token!.slice(0, -3)}abc`);
    expect(tampered.statusCode).toBe(422);
    const own = (await authorize(first.action.sdkData.client_token!)).json().authorization_token;
    const response = await details({
      details: { authorization_token: own },
      paymentData: first.action.paymentData,
    });
    expect(response.json().resultCode).toBe('Authorised');
  });

  it('the authorizations endpoint refuses a bad body or a forged client_token, answering CORS', async () => {
    const authorize = (payload: unknown) =>
      gateway.app.inject({
        method: 'POST',
        url: '/sdk-simulators/klarna/authorizations',
        payload: payload as object,
      });
    const missing = await authorize({});
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    const forged = await authorize({ client_token: 'forged' });
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toMatchObject({ errorCode: '14_0413' });
    const preflight = await gateway.app.inject({
      method: 'OPTIONS',
      url: '/sdk-simulators/klarna/authorizations',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses the payment when the widget completes without a token', async () => {
    const started = await startWidget();
    const response = await details({ details: {}, paymentData: started.action.paymentData });
    expect(response.json()).toMatchObject({ resultCode: 'Refused', pspReference: started.pspReference });
  });

  it('keeps the redirect flow without the subtype and refuses the subtype for a method without a widget', async () => {
    const redirect = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest({ type: 'klarna' }, { amount: { currency: 'EUR', value: 4500 }, countryCode: 'DE' }),
    );
    expect(redirect.json()).toMatchObject({ resultCode: 'RedirectShopper', action: { type: 'redirect' } });
    const atome = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(
        { type: 'atome', subtype: 'sdk' },
        {
          amount: { currency: 'SGD', value: 4500 },
          countryCode: 'SG',
          shopperName: { firstName: 'Tan', lastName: 'Wei' },
          telephoneNumber: '+6561234567',
          billingAddress: {
            street: 'Orchard Road',
            houseNumberOrName: '1',
            postalCode: '238801',
            city: 'Singapore',
            country: 'SG',
          },
        },
      ),
    );
    expect(atome.statusCode).toBe(422);
    expect(atome.json().message).toContain('no in-page widget');
  });
});
