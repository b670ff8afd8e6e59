import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO, merchantCall, paymentRequest, useTestGateway } from '../../testing/index.ts';

const gateway = useTestGateway();

const listed = async (countryCode: string | undefined, currency: string) =>
  (
    await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
      merchantAccount: DEMO.merchantAccount,
      amount: { currency, value: 5000 },
      ...(countryCode ? { countryCode } : {}),
    })
  )
    .json()
    .paymentMethods.map((entry: { type: string }) => entry.type) as string[];

const bauer = {
  countryCode: 'DE',
  shopperName: { firstName: 'Anna', lastName: 'Bauer', gender: 'FEMALE' },
  shopperEmail: 'anna.bauer@bauer-gmbh.de',
  telephoneNumber: '+49 30 1234567',
  billingAddress: {
    street: 'Hauptstraße',
    houseNumberOrName: '5',
    postalCode: '10115',
    city: 'Berlin',
    country: 'DE',
  },
  company: { name: 'Bauer GmbH', registrationNumber: 'HRB 12345' },
};

const pay = (type: string, extra: Record<string, unknown> = {}, method: Record<string, unknown> = {}) =>
  merchantCall(
    gateway.app,
    'POST',
    '/v71/payments',
    paymentRequest({ type, ...method }, { ...bauer, ...extra }),
  );

const methodDetailsOf = async (pspReference: string) => {
  const rows = (await gateway.database.db.execute(
    sql`select method_details from payments where psp_reference = ${pspReference}`,
  )) as unknown as { rows?: { method_details: unknown }[] } | { method_details: unknown }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return list[0]?.method_details as Record<string, unknown>;
};

describe('open invoice: listing', () => {
  it('offers both demo buyers Riverty with its business variant', async () => {
    const germany = await listed('DE', 'EUR');
    expect(germany).toEqual(
      expect.arrayContaining(['riverty', 'afterpay_b2b', 'ratepay', 'ratepay_directdebit', 'klarna']),
    );
    expect(germany).not.toContain('affirm');
    expect(germany).not.toContain('afterpay_default');
    const denmark = await listed('DK', 'DKK');
    expect(denmark).toEqual(expect.arrayContaining(['riverty', 'afterpay_b2b', 'klarna', 'klarna_b2b']));
    expect(denmark).not.toContain('ratepay');
  });

  it('needs the country’s currency, and goes by currency without a country', async () => {
    expect(await listed('DK', 'EUR')).not.toContain('riverty');
    expect(await listed('US', 'USD')).toContain('affirm');
    expect(await listed('ES', 'EUR')).toEqual(
      expect.arrayContaining([
        'facilypay_3x',
        'facilypay_4x',
        'facilypay_6x',
        'facilypay_10x',
        'facilypay_12x',
      ]),
    );
    expect(await listed('SG', 'SGD')).toContain('atome');
    expect(await listed(undefined, 'CAD')).toContain('affirm');
    expect(await listed(undefined, 'CAD')).not.toContain('riverty');
  });
});

describe('open invoice: invoice providers decide at once', () => {
  it('authorises a Riverty B2B purchase and keeps no full birth date', async () => {
    const response = await pay('afterpay_b2b');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ resultCode: 'Authorised', pspReference: expect.any(String) });
    expect(response.json().action).toBeUndefined();
    const details = await methodDetailsOf(response.json().pspReference);
    expect(details).toMatchObject({ provider: 'Riverty', companyName: 'Bauer GmbH', shopperCountry: 'DE' });
  });

  it('authorises ACME A/S in DKK', async () => {
    const response = await pay('afterpay_b2b', {
      countryCode: 'DK',
      amount: { currency: 'DKK', value: 250_000 },
      company: { name: 'ACME A/S', registrationNumber: '12345678' },
      billingAddress: {
        street: 'Vesterbrogade',
        houseNumberOrName: '1',
        postalCode: '1620',
        city: 'København',
        country: 'DK',
      },
    });
    expect(response.json()).toMatchObject({ resultCode: 'Authorised' });
  });

  it('refuses when the shopper’s last name is DECLINED', async () => {
    const response = await pay('riverty', {
      dateOfBirth: '1980-05-04',
      shopperName: { firstName: 'Anna', lastName: 'DECLINED', gender: 'FEMALE' },
    });
    expect(response.json()).toMatchObject({ resultCode: 'Refused', refusalReason: 'Refused' });
  });

  it('ratepay direct debit keeps the IBAN’s last four and the birth year only', async () => {
    const response = await pay('ratepay_directdebit', {
      dateOfBirth: '1975-12-24',
      bankAccount: { iban: 'DE89 3704 0044 0532 0130 00', ownerName: 'Anna Bauer', countryCode: 'DE' },
    });
    expect(response.json()).toMatchObject({ resultCode: 'Authorised' });
    const details = await methodDetailsOf(response.json().pspReference);
    expect(details).toMatchObject({ lastFour: '3000', birthYear: 1975 });
    expect(JSON.stringify(details)).not.toContain('12-24');
    expect(JSON.stringify(details)).not.toContain('370400');
  });

  it.each([
    ['riverty', { dateOfBirth: '2015-01-01' }, 'at least 18'],
    ['riverty', { dateOfBirth: undefined }, 'dateOfBirth'],
    ['riverty', { dateOfBirth: '1980-02-30' }, 'YYYY-MM-DD'],
    ['afterpay_b2b', { company: undefined }, 'company.name'],
    ['afterpay_b2b', { shopperEmail: 'bauer' }, 'shopperEmail'],
    ['afterpay_b2b', { telephoneNumber: 'ring me' }, 'telephoneNumber'],
    ['afterpay_b2b', { billingAddress: { country: 'DE' } }, 'billingAddress.street'],
    [
      'ratepay_directdebit',
      { dateOfBirth: '1980-01-01', bankAccount: { iban: 'DE00', ownerName: 'A' } },
      'Invalid iban',
    ],
    ['afterpay_b2b', { countryCode: 'US', amount: { currency: 'USD', value: 100 } }, 'not available in US'],
    ['afterpay_b2b', { amount: { currency: 'DKK', value: 100 } }, 'does not take DKK'],
  ])('%s with %j answers 422', async (type, change, message) => {
    const response = await pay(type, change);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 422, errorType: 'validation' });
    expect(response.json().message).toContain(message);
  });
});

describe('open invoice: consent at the provider', () => {
  const startKlarna = async (lastName = 'Bauer') => {
    const response = await pay('klarna', { shopperName: { firstName: 'Anna', lastName } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      resultCode: 'RedirectShopper',
      action: { type: 'redirect', method: 'GET', paymentMethodType: 'klarna' },
    });
    return new URL(response.json().action.url).pathname;
  };

  const choose = async (path: string, outcome: string, provider = 'Klarna') => {
    const page = await gateway.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${provider}: confirm your purchase`);
    const back = await gateway.app.inject({
      method: 'POST',
      url: `${path}/outcome`,
      payload: `outcome=${outcome}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(back.statusCode).toBe(303);
    const redirectResult = new URL(back.headers.location as string).searchParams.get('redirectResult');
    const details = await merchantCall(gateway.app, 'POST', '/v71/payments/details', {
      details: { redirectResult },
    });
    expect(details.statusCode).toBe(200);
    return details.json();
  };

  it('authorises when the shopper accepts', async () => {
    expect(await choose(await startKlarna(), 'authorise')).toMatchObject({ resultCode: 'Authorised' });
  });

  it('refuses when the shopper declines', async () => {
    expect(await choose(await startKlarna(), 'refuse')).toMatchObject({ resultCode: 'Refused' });
  });

  it('an accepted consent still gets the provider’s refusal for a DECLINED shopper', async () => {
    expect(await choose(await startKlarna('DECLINED'), 'authorise')).toMatchObject({ resultCode: 'Refused' });
  });

  it('Affirm needs the shopper’s details and a USD or CAD amount', async () => {
    const response = await pay('affirm', {
      countryCode: 'US',
      amount: { currency: 'USD', value: 10_000 },
      billingAddress: {
        street: 'Main St',
        houseNumberOrName: '1',
        postalCode: '10001',
        city: 'New York',
        country: 'US',
      },
    });
    expect(response.json()).toMatchObject({ resultCode: 'RedirectShopper' });
    const missing = await pay('affirm', {
      countryCode: 'US',
      amount: { currency: 'USD', value: 100 },
      telephoneNumber: undefined,
    });
    expect(missing.statusCode).toBe(422);
  });

  it('Atome settles at once: no separate capture, refunds allowed', async () => {
    const response = await pay('atome', {
      countryCode: 'SG',
      amount: { currency: 'SGD', value: 9000 },
      billingAddress: {
        street: 'Orchard Rd',
        houseNumberOrName: '1',
        postalCode: '238823',
        city: 'Singapore',
        country: 'SG',
      },
    });
    expect(response.json()).toMatchObject({ resultCode: 'RedirectShopper' });
    const path = new URL(response.json().action.url).pathname;
    const final = await choose(path, 'authorise', 'Atome');
    expect(final).toMatchObject({ resultCode: 'Authorised' });
    const modify = (kind: string, body: Record<string, unknown>) =>
      merchantCall(gateway.app, 'POST', `/v71/payments/${final.pspReference}/${kind}`, {
        merchantAccount: DEMO.merchantAccount,
        ...body,
      });
    const capture = await modify('captures', { amount: { currency: 'SGD', value: 9000 } });
    expect(capture.statusCode).toBe(422);
    expect(capture.json().errorCode).toBe('167');
    expect((await modify('refunds', { amount: { currency: 'SGD', value: 1000 } })).statusCode).toBe(201);
  });
});

describe('open invoice: modifications', () => {
  it('a Riverty invoice is captured when the goods ship, in parts, and refunded in parts', async () => {
    const { pspReference } = (await pay('afterpay_b2b')).json();
    const modify = (kind: string, value: number) =>
      merchantCall(gateway.app, 'POST', `/v71/payments/${pspReference}/${kind}`, {
        merchantAccount: DEMO.merchantAccount,
        amount: { currency: 'EUR', value },
      });
    expect((await modify('captures', 600)).statusCode).toBe(201);
    expect((await modify('refunds', 100)).statusCode).toBe(201);
  });
});
