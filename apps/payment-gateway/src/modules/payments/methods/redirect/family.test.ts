import { describe, expect, it } from 'vitest';
import type { MerchantContext } from '../../../../shared/context.ts';
import type { PaymentRequest } from '../../models.ts';
import { RedirectFamily } from './family.ts';

const family = new RedirectFamily();
const context = {} as MerchantContext;
const types = (query: Parameters<RedirectFamily['listEntries']>[1]) =>
  family.listEntries(context, query).map((entry) => entry.type);
const request = (type: string, currency: string, extra: Record<string, unknown> = {}) =>
  ({
    amount: { currency, value: 1000 },
    reference: 'order-1',
    paymentMethod: { type, ...extra },
  }) as unknown as PaymentRequest;

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; code: string; message: string };
  }
  throw new Error('expected a rejection');
}

describe('RedirectFamily listing', () => {
  it('offers each method only in its countries and currencies', () => {
    expect(types({ amount: { currency: 'EUR', value: 1000 }, countryCode: 'NL' })).toEqual([
      'ideal',
      'trustly',
    ]);
    expect(types({ amount: { currency: 'EUR', value: 1000 }, countryCode: 'AT' })).toEqual(['eps']);
    expect(types({ amount: { currency: 'PLN', value: 1000 }, countryCode: 'PL' })).toEqual([
      'onlineBanking_PL',
    ]);
    expect(types({ amount: { currency: 'CZK', value: 1000 }, countryCode: 'CZ' })).toEqual([
      'onlineBanking_CZ',
    ]);
    expect(types({ amount: { currency: 'EUR', value: 1000 }, countryCode: 'SK' })).toEqual([
      'onlineBanking_SK',
    ]);
    expect(types({ amount: { currency: 'GBP', value: 1000 }, countryCode: 'GB' })).toEqual([
      'trustly',
      'paybybank',
    ]);
    expect(types({ amount: { currency: 'USD', value: 1000 }, countryCode: 'US' })).toEqual([
      'paybybank_AIS_DD',
    ]);
    expect(types({ amount: { currency: 'PLN', value: 1000 }, countryCode: 'NL' })).toEqual([]);
  });

  it('filters by currency only when the query has no country', () => {
    expect(types({ amount: { currency: 'EUR', value: 1000 } })).toEqual([
      'ideal',
      'eps',
      'onlineBanking_SK',
      'trustly',
    ]);
    expect(types({})).toHaveLength(8);
  });

  it('lists issuers with their disabled flag', () => {
    const ideal = family.listEntries(context, { countryCode: 'nl' }).find((entry) => entry.type === 'ideal');
    expect(ideal?.issuers).toContainEqual({ id: 'ideal_ing', name: 'ING' });
    expect(ideal?.issuers).toContainEqual({
      id: 'ideal_vanlanschot',
      name: 'Van Lanschot Kempen',
      disabled: true,
    });
    const trustly = family
      .listEntries(context, { countryCode: 'SE' })
      .find((entry) => entry.type === 'trustly');
    expect(trustly).toEqual({ type: 'trustly', name: 'Trustly' });
  });
});

describe('RedirectFamily decide', () => {
  it('redirects to the chosen bank', async () => {
    const decision = await family.decide(context, request('onlineBanking_PL', 'PLN', { issuer: 'pl_mbank' }));
    expect(decision.shopperStep).toEqual({
      kind: 'redirect',
      page: 'bank',
      method: 'GET',
      providerName: 'mBank',
      issuer: 'mBank',
    });
    expect(decision.methodDetails).toEqual({ issuer: 'pl_mbank', issuerName: 'mBank' });
    expect(decision.acquirer.resultCode).toBe('Authorised');
  });

  it('uses a POST redirect for EPS', async () => {
    const decision = await family.decide(context, request('eps', 'EUR', { issuer: 'eps_erste' }));
    expect(decision.shopperStep).toMatchObject({ kind: 'redirect', method: 'POST' });
  });

  it('lets iDEAL, Trustly and Pay by Bank US go without an issuer', async () => {
    for (const [type, currency] of [
      ['ideal', 'EUR'],
      ['trustly', 'SEK'],
      ['paybybank_AIS_DD', 'USD'],
    ] as const) {
      const decision = await family.decide(context, request(type, currency));
      expect(decision.shopperStep).toMatchObject({ kind: 'redirect', page: 'bank', method: 'GET' });
      expect(decision.methodDetails).toBeUndefined();
    }
  });

  it('rejects a missing, unknown or disabled issuer with a 422', async () => {
    const missing = await rejection(family.decide(context, request('eps', 'EUR')));
    expect(missing).toMatchObject({ status: 422, code: '000' });
    expect(missing.message).toContain('issuer is required');
    const unknown = await rejection(family.decide(context, request('ideal', 'EUR', { issuer: 'nope' })));
    expect(unknown.message).toContain('not a known issuer of iDEAL');
    const wrongType = await rejection(family.decide(context, request('ideal', 'EUR', { issuer: 42 })));
    expect(wrongType.status).toBe(422);
    const otherMethods = await rejection(
      family.decide(context, request('onlineBanking_SK', 'EUR', { issuer: 'cz_csob' })),
    );
    expect(otherMethods.status).toBe(422);
    const disabled = await rejection(
      family.decide(context, request('ideal', 'EUR', { issuer: 'ideal_vanlanschot' })),
    );
    expect(disabled.message).toContain('not available');
  });

  it('rejects a currency the method does not take', async () => {
    const error = await rejection(
      family.decide(context, request('onlineBanking_CZ', 'EUR', { issuer: 'cz_kb' })),
    );
    expect(error).toMatchObject({ status: 422, code: '905' });
  });
});

describe('RedirectFamily modifications', () => {
  it('settles bank redirects at once and lets the Pay by Bank US debit be captured', () => {
    expect(family.modifications('ideal')).toMatchObject({
      capture: 'immediate',
      cancel: false,
      partialRefund: true,
    });
    expect(family.modifications('onlineBanking_CZ')).toMatchObject({
      capture: 'immediate',
      partialRefund: false,
    });
    expect(family.modifications('paybybank_AIS_DD')).toMatchObject({ capture: 'manual', cancel: true });
  });
});
