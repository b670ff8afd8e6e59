import { describe, expect, it } from 'vitest';
import { merchantCall, useTestGateway } from '../../../../testing/index.ts';
import {
  boleto,
  doku,
  dragonpay,
  type Example,
  econtext,
  multibanco,
  oxxo,
  payWith,
} from './test-examples.ts';

const gateway = useTestGateway();

const pay = (example: Example, overrides: Record<string, unknown> = {}) =>
  payWith(gateway.app, example, overrides);

const listed = async (countryCode: string, currency: string) => {
  const response = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
    merchantAccount: 'ActuateStore',
    countryCode,
    amount: { currency, value: 1000 },
  });
  expect(response.statusCode).toBe(200);
  return response.json().paymentMethods as { type: string; issuers?: { id: string; name: string }[] }[];
};
const listedTypes = async (countryCode: string, currency: string) =>
  (await listed(countryCode, currency)).map((entry) => entry.type);

describe('voucher methods in /paymentMethods', () => {
  it('lists each voucher in its own country and currency only', async () => {
    expect(await listedTypes('BR', 'BRL')).toContain('boletobancario');
    expect(await listedTypes('MX', 'MXN')).toContain('oxxo');
    expect(await listedTypes('PT', 'EUR')).toContain('multibanco');
    expect(await listedTypes('ID', 'IDR')).toEqual(
      expect.arrayContaining(['doku_alfamart', 'doku_indomaret', 'doku_permata_lite_atm', 'doku_bca_va']),
    );
    expect(await listedTypes('JP', 'JPY')).toEqual(
      expect.arrayContaining(['econtext_seven_eleven', 'econtext_stores']),
    );
    const elsewhere = await listedTypes('DE', 'EUR');
    expect(elsewhere).not.toContain('multibanco');
    expect(await listedTypes('BR', 'USD')).not.toContain('boletobancario');
    expect(await listedTypes('MX', 'USD')).not.toContain('oxxo');
    expect((await listedTypes('NL', 'EUR')).some((type) => /^(doku|econtext|dragonpay)_/.test(type))).toBe(
      false,
    );
  });

  it('lists Dragonpay with its issuers where the shopper must pick one', async () => {
    const entries = await listed('PH', 'PHP');
    const issuersOf = (type: string) => entries.find((entry) => entry.type === type)?.issuers;
    expect(issuersOf('dragonpay_ebanking')).toContainEqual({ id: 'BDO', name: 'BDO Unibank' });
    expect(issuersOf('dragonpay_otc_banking')?.length).toBeGreaterThan(0);
    expect(issuersOf('dragonpay_otc_non_banking')).toContainEqual({ id: '711', name: '7-Eleven' });
    expect(entries.map((entry) => entry.type)).toContain('dragonpay_otc_philippines');
    expect(issuersOf('dragonpay_otc_philippines')).toBeUndefined();
  });
});

describe('voucher field validation', () => {
  const withoutAddressPart = (part: string) => ({
    billingAddress: Object.fromEntries(
      Object.entries(boleto.extra.billingAddress).filter(([key]) => key !== part),
    ),
  });
  it.each<[string, Example, Record<string, unknown>, string]>([
    ['Boleto without a first name', boleto, { shopperName: { lastName: 'Silva' } }, 'shopperName.firstName'],
    [
      'Boleto with a wrong CPF check digit',
      boleto,
      { socialSecurityNumber: '529.982.247-26' },
      'socialSecurityNumber',
    ],
    [
      'Boleto with a wrong CNPJ check digit',
      boleto,
      { socialSecurityNumber: '11.222.333/0001-80' },
      'socialSecurityNumber',
    ],
    ['Boleto without a CPF', boleto, { socialSecurityNumber: undefined }, 'socialSecurityNumber'],
    ['Boleto without an address', boleto, { billingAddress: undefined }, 'billingAddress'],
    [
      'Boleto without a state',
      boleto,
      withoutAddressPart('stateOrProvince'),
      'billingAddress.stateOrProvince',
    ],
    [
      'Boleto without a house number',
      boleto,
      withoutAddressPart('houseNumberOrName'),
      'billingAddress.houseNumberOrName',
    ],
    ['Boleto with a bad copy e-mail', boleto, { shopperEmail: 'jose@' }, 'shopperEmail'],
    ['Boleto in USD', boleto, { amount: { currency: 'USD', value: 100 } }, 'BRL'],
    [
      'Boleto above its barcode amount',
      boleto,
      { amount: { currency: 'BRL', value: 10_000_000_000 } },
      'Boleto Bancario takes at most',
    ],
    [
      'Multibanco above its ATM limit',
      multibanco,
      { amount: { currency: 'EUR', value: 10_000_000 } },
      'Multibanco takes at most',
    ],
    ['Doku without an e-mail', doku, { shopperEmail: undefined }, 'shopperEmail'],
    ['Doku without a last name', doku, { shopperName: { firstName: 'Siti' } }, 'shopperName.lastName'],
    ['OXXO outside Mexico', oxxo, { countryCode: 'US' }, 'MX'],
    ['Multibanco in GBP', multibanco, { amount: { currency: 'GBP', value: 100 } }, 'EUR'],
    ['Dragonpay without an e-mail', dragonpay, { shopperEmail: undefined }, 'shopperEmail'],
    ['Econtext with a 9-digit phone', econtext, { telephoneNumber: '031234567' }, 'telephoneNumber'],
    ['Econtext with a 12-digit phone', econtext, { telephoneNumber: '090123456789' }, 'telephoneNumber'],
    ['Econtext with letters in the phone', econtext, { telephoneNumber: '090-1234-567' }, 'telephoneNumber'],
    ['Econtext without a first name', econtext, { firstName: undefined }, 'shopperName.firstName'],
  ])('%s: 422 naming the field, nothing stored', async (_name, example, overrides, mentions) => {
    const reference = `bad-voucher-${Math.random().toString(36).slice(2)}`;
    const response = await pay(example, { ...overrides, reference });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 422, errorType: 'validation' });
    expect(response.json().message).toContain(mentions);
    const list = await gateway.app.inject({ method: 'GET', url: `/sandbox/pending?reference=${reference}` });
    expect(list.body).toContain('No payment is waiting');
  });

  it.each([
    ['dragonpay_ebanking', undefined],
    ['dragonpay_otc_banking', 'NOPE'],
    ['dragonpay_otc_non_banking', 'BDO'],
  ])('%s refuses a missing or foreign issuer (%s)', async (type, issuer) => {
    const response = await pay({ ...dragonpay, paymentMethod: { type, issuer } });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('paymentMethod.issuer');
  });

  it('takes Dragonpay in the Philippines without an issuer', async () => {
    const response = await pay({ ...dragonpay, paymentMethod: { type: 'dragonpay_otc_philippines' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().action).not.toHaveProperty('issuer');
  });
});
