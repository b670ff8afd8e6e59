import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCheckout } from '../index.ts';
import { CLIENT_KEY, GATEWAY_URL, installFakeFetch, sessionSetupResponse } from '../test/fake-gateway.ts';
import type { ElementStatus } from './callbacks.ts';
import type { CheckoutOptions } from './checkout.ts';
import { CheckoutError, IMPLEMENTATION_ERRORS } from './errors.ts';
import { type FlowHost, submitAdditionalDetails, submitPayment } from './payment-flow.ts';
import type { PaymentResponse } from './types.ts';

const base = {
  clientKey: CLIENT_KEY,
  environmentUrl: GATEWAY_URL,
  analytics: { enabled: false },
  risk: { enabled: false },
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('createCheckout', () => {
  it('sessions flow: calls setup and takes amount, country, methods and configuration from it', async () => {
    const fake = installFakeFetch();
    fake.route('/v1/sessions/CS1/setup', () =>
      sessionSetupResponse({
        configuration: { enableStoreDetails: true },
        countryCode: 'DE',
        shopperLocale: 'de-DE',
      }),
    );
    const checkout = await createCheckout({ ...base, session: { id: 'CS1', sessionData: 'session-data-1' } });
    const setup = fake.callsTo('/v1/sessions/CS1/setup')[0];
    expect(setup?.url.searchParams.get('clientKey')).toBe(CLIENT_KEY);
    expect(setup?.body).toMatchObject({
      sessionData: 'session-data-1',
      browserInfo: { userAgent: expect.any(String) },
    });
    expect(checkout.amount).toEqual({ value: 1000, currency: 'EUR' });
    expect(checkout.countryCode).toBe('DE');
    expect(checkout.sessionConfiguration.enableStoreDetails).toBe(true);
    expect(checkout.i18n.locale).toBe('de-DE');
    expect(checkout.session?.data).toBe('session-data-2');
    expect(JSON.parse(localStorage.getItem('actuate-checkout__session') ?? '{}')).toEqual({
      id: 'CS1',
      sessionData: 'session-data-2',
    });
  });

  it('restores sessionData from storage when only the id is given (redirect return)', async () => {
    localStorage.setItem('actuate-checkout__session', JSON.stringify({ id: 'CS1', sessionData: 'stored' }));
    const fake = installFakeFetch();
    fake.route('/v1/sessions/CS1/setup', () => sessionSetupResponse());
    await createCheckout({ ...base, session: { id: 'CS1' } });
    expect(fake.callsTo('/v1/sessions/CS1/setup')[0]?.body).toMatchObject({ sessionData: 'stored' });
  });

  it.each([
    [{ ...base, clientKey: '' }, IMPLEMENTATION_ERRORS.noClientKey],
    [{ ...base, environmentUrl: '' }, IMPLEMENTATION_ERRORS.noLoadingContext],
    [{ ...base, session: { id: '' } }, IMPLEMENTATION_ERRORS.invalidSession],
    [{ ...base, locale: '' }, IMPLEMENTATION_ERRORS.localeNotDefined],
    [{ ...base, locale: 'english' }, IMPLEMENTATION_ERRORS.invalidLocale],
    [{ ...base, paymentMethodsResponse: '[]' as never }, IMPLEMENTATION_ERRORS.invalidPaymentMethodsResponse],
  ])('raises an implementation error for bad options (%#)', async (options, message) => {
    installFakeFetch();
    const error = await createCheckout(options as CheckoutOptions).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error).toMatchObject({ type: 'IMPLEMENTATION_ERROR', message });
  });

  it('createFromAction rejects a missing type and a whole response', async () => {
    const checkout = await createCheckout(base);
    expect(() => checkout.createFromAction({} as never)).toThrow(IMPLEMENTATION_ERRORS.actionWithoutType);
    expect(() =>
      checkout.createFromAction({ resultCode: 'RedirectShopper', action: { type: 'redirect' } } as never),
    ).toThrow(IMPLEMENTATION_ERRORS.wholeResponseAsAction);
    expect(() => checkout.createFromAction({ type: 'sdk' })).toThrow(
      'Action Element of type sdk not found in the registry',
    );
    expect(checkout.createFromAction({ type: 'redirect', url: 'https://x.test' }).type).toBe('redirect');
  });

  it('submitDetails without session or onAdditionalDetails reports the implementation error', async () => {
    const onError = vi.fn();
    const checkout = await createCheckout({ ...base, onError });
    await checkout.submitDetails({ details: { redirectResult: 'abc' } });
    expect(onError.mock.calls[0]?.[0]).toMatchObject({
      type: 'IMPLEMENTATION_ERROR',
      message: IMPLEMENTATION_ERRORS.missingOnAdditionalDetails,
    });
  });

  it('submitDetails in the sessions flow calls paymentDetails and reports completion', async () => {
    const fake = installFakeFetch();
    fake.route('/v1/sessions/CS1/setup', () => sessionSetupResponse());
    fake.route('/v1/sessions/CS1/paymentDetails', () => ({
      resultCode: 'Authorised',
      sessionData: 'sd-3',
      sessionResult: 'r',
    }));
    const onPaymentCompleted = vi.fn();
    const checkout = await createCheckout({
      ...base,
      session: { id: 'CS1', sessionData: 'sd-1' },
      onPaymentCompleted,
    });
    await checkout.submitDetails({ details: { redirectResult: 'abc' } });
    expect(fake.callsTo('/v1/sessions/CS1/paymentDetails')[0]?.body).toEqual({
      sessionData: 'session-data-2',
      details: { redirectResult: 'abc' },
    });
    expect(onPaymentCompleted).toHaveBeenCalledWith(
      expect.objectContaining({ resultCode: 'Authorised' }),
      expect.anything(),
    );
  });
});

/** A minimal host recording what the pipeline does to it. */
function host(
  callbacks: FlowHost['callbacks'],
  options: { valid?: boolean; session?: FlowHost['session'] } = {},
) {
  const statuses: ElementStatus[] = [];
  const record = {
    statuses,
    validations: 0,
    actions: [] as unknown[],
    finals: [] as [string, PaymentResponse | undefined][],
  };
  const flowHost: FlowHost = {
    type: 'scheme',
    isValid: options.valid ?? true,
    callbacks,
    session: options.session,
    setStatus: (status) => statuses.push(status),
    showValidation: () => {
      record.validations += 1;
    },
    paymentData: async () => ({ paymentMethod: { type: 'scheme' }, clientStateDataIndicator: true }),
    handleAction: (action) => record.actions.push(action),
    onFinalResult: (kind, response) => record.finals.push([kind, response]),
    updateOrder: () => {},
  };
  return { flowHost, record };
}

describe('submit pipeline', () => {
  it('shows validation instead of submitting when invalid', async () => {
    const onSubmit = vi.fn();
    const { flowHost, record } = host({ onSubmit }, { valid: false });
    await submitPayment(flowHost);
    expect(record.validations).toBe(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('advanced flow: loading, onSubmit, then completion', async () => {
    const onPaymentCompleted = vi.fn();
    const { flowHost, record } = host({
      onSubmit: (state, _element, actions) => {
        expect(state.data.clientStateDataIndicator).toBe(true);
        actions.resolve({ resultCode: 'Authorised' });
      },
      onPaymentCompleted,
    });
    await submitPayment(flowHost);
    expect(record.statuses).toEqual(['loading']);
    expect(record.finals).toEqual([['success', { resultCode: 'Authorised' }]]);
    expect(onPaymentCompleted).toHaveBeenCalledOnce();
  });

  it.each(['Refused', 'Error', 'Cancelled'])('%s is a failure', async (resultCode) => {
    const onPaymentFailed = vi.fn();
    const { flowHost, record } = host({
      onSubmit: (_s, _e, actions) => actions.resolve({ resultCode } as PaymentResponse),
      onPaymentFailed,
    });
    await submitPayment(flowHost);
    expect(record.finals[0]?.[0]).toBe('failure');
    expect(onPaymentFailed).toHaveBeenCalledWith({ resultCode }, flowHost);
  });

  it('hands an action to the host', async () => {
    const action = { type: 'threeDS2', subtype: 'fingerprint', token: 't', paymentData: 'p' };
    const { flowHost, record } = host({
      onSubmit: (_s, _e, actions) => actions.resolve({ resultCode: 'IdentifyShopper', action }),
    });
    await submitPayment(flowHost);
    expect(record.actions).toEqual([action]);
    expect(record.finals).toEqual([]);
  });

  it('an order with a remaining amount updates the order and returns to ready', async () => {
    const onOrderUpdated = vi.fn();
    const order = { orderData: 'o', pspReference: 'P', remainingAmount: { value: 500, currency: 'EUR' } };
    const { flowHost, record } = host({
      onSubmit: (_s, _e, actions) => actions.resolve({ resultCode: 'Authorised', order }),
      onOrderUpdated,
    });
    await submitPayment(flowHost);
    expect(onOrderUpdated).toHaveBeenCalledWith({ order });
    expect(record.statuses).toEqual(['loading', 'ready']);
  });

  it('a bare onSubmit rejection returns to ready without failing', async () => {
    const onPaymentFailed = vi.fn();
    const { flowHost, record } = host({ onSubmit: (_s, _e, actions) => actions.reject(), onPaymentFailed });
    await submitPayment(flowHost);
    expect(record.statuses).toEqual(['loading', 'ready']);
    expect(onPaymentFailed).not.toHaveBeenCalled();
  });

  it('sessions flow: a beforeSubmit rejection returns to ready; a resolution sends the changed data', async () => {
    const fake = installFakeFetch();
    fake.route('/v1/sessions/CS1/setup', () => sessionSetupResponse());
    fake.route('/v1/sessions/CS1/payments', () => ({ resultCode: 'Authorised', sessionData: 'sd' }));
    const checkout = await createCheckout({ ...base, session: { id: 'CS1', sessionData: 'sd' } });
    const rejected = host(
      { beforeSubmit: (_d, _e, actions) => actions.reject() },
      { session: checkout.session },
    );
    await submitPayment(rejected.flowHost);
    expect(rejected.record.statuses).toEqual(['loading', 'ready']);
    expect(fake.callsTo('/v1/sessions/CS1/payments')).toHaveLength(0);

    const resolved = host(
      { beforeSubmit: (data, _e, actions) => actions.resolve({ ...data, shopperEmail: 'a@b.test' }) },
      { session: checkout.session },
    );
    await submitPayment(resolved.flowHost);
    expect(fake.callsTo('/v1/sessions/CS1/payments')[0]?.body).toMatchObject({
      shopperEmail: 'a@b.test',
      paymentMethod: { type: 'scheme' },
    });
    expect(resolved.record.finals[0]?.[0]).toBe('success');
  });

  it('without session or onSubmit reports the implementation error to onError', async () => {
    const onError = vi.fn();
    const { flowHost, record } = host({ onError });
    await submitPayment(flowHost);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({
      type: 'IMPLEMENTATION_ERROR',
      message: IMPLEMENTATION_ERRORS.missingOnSubmit,
    });
    expect(record.finals[0]?.[0]).toBe('failure');
  });

  it('additional details go through onAdditionalDetails in the advanced flow', async () => {
    const onAdditionalDetails = vi.fn((_state, _element, actions) =>
      actions.resolve({ resultCode: 'Authorised' }),
    );
    const { flowHost, record } = host({ onAdditionalDetails });
    await submitAdditionalDetails(flowHost, { details: { threeDSResult: 'x' } });
    expect(onAdditionalDetails.mock.calls[0]?.[0]).toEqual({ data: { details: { threeDSResult: 'x' } } });
    expect(record.finals[0]?.[0]).toBe('success');
  });
});
