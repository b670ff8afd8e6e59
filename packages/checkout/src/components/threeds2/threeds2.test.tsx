import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutOptions } from '../../core/checkout.ts';
import { createCheckout } from '../../index.ts';
import {
  CLIENT_KEY,
  type FakeFetch,
  GATEWAY_ORIGIN,
  GATEWAY_URL,
  installFakeFetch,
  tick,
} from '../../test/fake-gateway.ts';
import type { PaymentElement } from '../base/payment-element.tsx';
import {
  CHALLENGE_TIMEOUT_MS,
  challengeWindowSize,
  decodeToken,
  encodeBase64UrlJson,
  FINGERPRINT_TIMEOUT_MS,
} from './threeds2-protocol.ts';

const ACS_ORIGIN = 'http://acs.test';
const b64 = (value: object) => btoa(JSON.stringify(value));
const fromB64Url = (value: string) => JSON.parse(atob(value.replace(/-/g, '+').replace(/_/g, '/')));
const fingerprintToken = b64({
  threeDSMethodNotificationURL: `${GATEWAY_ORIGIN}/threeds2/method-notification`,
  threeDSMethodUrl: `${ACS_ORIGIN}/method`,
  threeDSServerTransID: 'tx-1',
});
const challengeToken = b64({
  acsTransID: 'acs-1',
  acsURL: `${ACS_ORIGIN}/challenge`,
  messageVersion: '2.2.0',
  threeDSNotificationURL: `${GATEWAY_ORIGIN}/threeds2/notification`,
  threeDSServerTransID: 'tx-1',
});
const LONG_PAYMENT_DATA = 'Ab02b4c0!BQABAgA-long-payment-data';

let fake: FakeFetch;
let host: HTMLElement;
let forms: { action: string; target: string; fields: Record<string, string> }[];

beforeEach(() => {
  document.body.replaceChildren();
  host = document.createElement('div');
  document.body.appendChild(host);
  fake = installFakeFetch();
  forms = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    const fields = Object.fromEntries(
      Array.from(this.elements as unknown as HTMLInputElement[], (input) => [input.name, input.value]),
    );
    forms.push({ action: this.action, target: this.target, fields });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function mountAction(
  action: Record<string, unknown>,
  options: Partial<CheckoutOptions> = {},
  actionOptions = {},
) {
  const onAdditionalDetails = vi.fn();
  const onError = vi.fn();
  const checkout = await createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    onAdditionalDetails,
    onError,
    ...options,
  });
  const element = checkout.createFromAction(
    { type: 'threeDS2', ...action },
    actionOptions,
  ) as unknown as PaymentElement;
  await act(async () => {
    element.mount(host);
  });
  return { element, onAdditionalDetails, onError };
}

const post = (type: string, result: object, origin = GATEWAY_ORIGIN) =>
  act(async () => {
    window.dispatchEvent(new MessageEvent('message', { origin, data: JSON.stringify({ type, result }) }));
  });

describe('3DS2 tokens', () => {
  it('decodes base64 JSON and reports the decoding errors', () => {
    expect(decodeToken(b64({ a: 1 }))).toEqual({ a: 1 });
    expect(() => decodeToken('%%%')).toThrow('not base64');
    expect(() => decodeToken(btoa('\xff\xfe'))).toThrow('malformed URI sequence');
    expect(() => decodeToken(btoa('not json'))).toThrow('Could not JSON parse token');
  });

  it('base64url strips padding and swaps + and /', () => {
    const encoded = encodeBase64UrlJson({ value: '>>>???' });
    expect(encoded).not.toMatch(/[+/=]/);
    expect(fromB64Url(encoded)).toEqual({ value: '>>>???' });
  });

  it('unknown window sizes fall back to 02', () => {
    expect(challengeWindowSize('05')).toBe('05');
    expect(challengeWindowSize('09')).toBe('02');
    expect(challengeWindowSize(undefined)).toBe('02');
  });
});

describe('3DS2 fingerprint', () => {
  it('posts threeDSMethodData to the method URL in a hidden frame and submits the result', async () => {
    fake.route('/v1/submitThreeDS2Fingerprint', () => ({
      type: 'completed',
      details: { threeDSResult: 'frictionless' },
    }));
    const { onAdditionalDetails } = await mountAction({
      subtype: 'fingerprint',
      token: fingerprintToken,
      paymentData: LONG_PAYMENT_DATA,
    });
    expect(forms).toHaveLength(1);
    expect(forms[0]?.action).toBe(`${ACS_ORIGIN}/method`);
    expect(fromB64Url(forms[0]?.fields.threeDSMethodData ?? '')).toEqual({
      threeDSServerTransID: 'tx-1',
      threeDSMethodNotificationURL: `${GATEWAY_ORIGIN}/threeds2/method-notification`,
    });
    const frame = document.querySelector(`iframe[name="${forms[0]?.target}"]`);
    expect(frame?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('status')).toBeTruthy();

    await post('fingerPrintResult', { threeDSCompInd: 'Y' }, 'http://evil.test');
    expect(fake.callsTo('/v1/submitThreeDS2Fingerprint')).toHaveLength(0);
    await post('fingerPrintResult', { threeDSCompInd: 'Y' });
    await act(async () => tick());
    const call = fake.callsTo('/v1/submitThreeDS2Fingerprint')[0];
    expect(call?.url.searchParams.get('token')).toBe(CLIENT_KEY);
    expect(call?.body).toEqual({
      fingerprintResult: btoa('{"threeDSCompInd":"Y"}'),
      paymentData: LONG_PAYMENT_DATA,
    });
    expect(onAdditionalDetails.mock.calls[0]?.[0]).toEqual({
      data: { details: { threeDSResult: 'frictionless' } },
    });
  });

  it('completes with N after 10 s without an answer', async () => {
    vi.useFakeTimers();
    fake.route('/v1/submitThreeDS2Fingerprint', () => ({
      type: 'completed',
      details: { threeDSResult: 'x' },
    }));
    await mountAction({ subtype: 'fingerprint', token: fingerprintToken, paymentData: LONG_PAYMENT_DATA });
    await act(async () => vi.advanceTimersByTimeAsync(FINGERPRINT_TIMEOUT_MS));
    expect(fake.callsTo('/v1/submitThreeDS2Fingerprint')[0]?.body).toMatchObject({
      fingerprintResult: btoa('{"threeDSCompInd":"N"}'),
    });
  });

  it('a token without method URL completes at once with U', async () => {
    fake.route('/v1/submitThreeDS2Fingerprint', () => ({
      type: 'completed',
      details: { threeDSResult: 'x' },
    }));
    await mountAction({
      subtype: 'fingerprint',
      token: b64({ threeDSServerTransID: 'tx' }),
      paymentData: LONG_PAYMENT_DATA,
    });
    await act(async () => tick());
    expect(forms).toHaveLength(0);
    expect(fake.callsTo('/v1/submitThreeDS2Fingerprint')[0]?.body).toMatchObject({
      fingerprintResult: btoa('{"threeDSCompInd":"U"}'),
    });
  });

  it('short paymentData (MD flow) completes directly with threeds2.fingerprint', async () => {
    const { onAdditionalDetails } = await mountAction({
      subtype: 'fingerprint',
      token: fingerprintToken,
      paymentData: 'MD-short',
    });
    await post('fingerPrintResult', { threeDSCompInd: 'Y' });
    expect(fake.callsTo('/v1/submitThreeDS2Fingerprint')).toHaveLength(0);
    expect(onAdditionalDetails.mock.calls[0]?.[0]).toEqual({
      data: { details: { 'threeds2.fingerprint': btoa('{"threeDSCompInd":"Y"}') }, paymentData: 'MD-short' },
    });
  });

  it('reports 700 without paymentData and 704 for a broken token', async () => {
    const first = await mountAction({ subtype: 'fingerprint', token: fingerprintToken });
    await post('fingerPrintResult', { threeDSCompInd: 'Y' });
    expect(first.onError.mock.calls[0]?.[0].message).toBe(
      '700: No paymentData received. 3DS2 Fingerprint cannot proceed',
    );
    const second = await mountAction({
      subtype: 'fingerprint',
      token: '%%%',
      paymentData: LONG_PAYMENT_DATA,
    });
    expect(second.onError.mock.calls[0]?.[0].message).toBe('704: not base64');
  });

  it('a challenge action from the fingerprint call renders the challenge in the requested size', async () => {
    fake.route('/v1/submitThreeDS2Fingerprint', () => ({
      type: 'action',
      action: { type: 'threeDS2', subtype: 'challenge', token: challengeToken, authorisationToken: 'auth-1' },
    }));
    await mountAction(
      { subtype: 'fingerprint', token: fingerprintToken, paymentData: LONG_PAYMENT_DATA },
      {},
      { challengeWindowSize: '01' },
    );
    await post('fingerPrintResult', { threeDSCompInd: 'Y' });
    await act(async () => tick());
    const frame = document.querySelector<HTMLIFrameElement>('iframe.actuate-checkout__challenge-frame');
    expect(frame?.getAttribute('width')).toBe('250px');
    expect(frame?.getAttribute('height')).toBe('400px');
    expect(forms.at(-1)?.action).toBe(`${ACS_ORIGIN}/challenge`);
  });

  it('an unknown action type in the fingerprint answer is error 803', async () => {
    fake.route('/v1/submitThreeDS2Fingerprint', () => ({ type: 'action', action: { type: 'voucher' } }));
    const { onError } = await mountAction({
      subtype: 'fingerprint',
      token: fingerprintToken,
      paymentData: LONG_PAYMENT_DATA,
    });
    await post('fingerPrintResult', { threeDSCompInd: 'Y' });
    await act(async () => tick());
    expect(onError.mock.calls[0]?.[0].options.code).toBe('803');
  });
});

describe('3DS2 challenge', () => {
  it('posts the CReq into a frame of the window size and submits threeDSResult with the authorisation token', async () => {
    const { onAdditionalDetails } = await mountAction(
      { subtype: 'challenge', token: challengeToken, authorisationToken: 'auth-1' },
      {},
      { challengeWindowSize: '05' },
    );
    expect(fromB64Url(forms[0]?.fields.creq ?? '')).toEqual({
      acsTransID: 'acs-1',
      messageVersion: '2.2.0',
      threeDSServerTransID: 'tx-1',
      messageType: 'CReq',
      challengeWindowSize: '05',
    });
    const frame = document.querySelector<HTMLIFrameElement>('iframe.actuate-checkout__challenge-frame');
    expect(frame?.getAttribute('width')).toBe('100%');
    expect(frame?.name).toBe(forms[0]?.target);
    // In an open modal named for the shopper, sized per the window size; Escape does not close it.
    const dialog = frame?.closest('dialog');
    expect(dialog?.open).toBe(true);
    expect(dialog?.getAttribute('aria-label')).toBe('Complete the verification with your bank');
    expect(dialog?.dataset.size).toBe('05');
    const cancel = new Event('cancel', { cancelable: true });
    dialog?.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog?.open).toBe(true);
    await post('challengeResult', { transStatus: 'Y' }, ACS_ORIGIN);
    expect(onAdditionalDetails).not.toHaveBeenCalled();
    await post('challengeResult', { transStatus: 'Y' });
    expect(onAdditionalDetails.mock.calls[0]?.[0]).toEqual({
      data: { details: { threeDSResult: btoa('{"transStatus":"Y","authorisationToken":"auth-1"}') } },
    });
  });

  it('times out after 10 minutes with transStatus U', async () => {
    vi.useFakeTimers();
    const { onAdditionalDetails, onError } = await mountAction({
      subtype: 'challenge',
      token: challengeToken,
      authorisationToken: 'auth-1',
    });
    await act(async () => vi.advanceTimersByTimeAsync(CHALLENGE_TIMEOUT_MS - 1));
    expect(onAdditionalDetails).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(onAdditionalDetails.mock.calls[0]?.[0].data.details.threeDSResult).toBe(
      btoa('{"transStatus":"U","authorisationToken":"auth-1"}'),
    );
    expect(onError.mock.calls[0]?.[0].options.code).toBe('705');
  });

  it('shows the error panel with the code for a token without acsURL', async () => {
    const { onError } = await mountAction({
      subtype: 'challenge',
      token: b64({ acsTransID: 'a' }),
      authorisationToken: 'auth',
    });
    expect(screen.getByRole('alert').textContent).toContain('800: Authentication failed');
    expect(onError.mock.calls[0]?.[0].options.code).toBe('800');
  });

  it('without paymentData or authorisationToken it cannot proceed (700)', async () => {
    const { onError } = await mountAction({ subtype: 'challenge', token: challengeToken });
    expect(onError.mock.calls[0]?.[0].message).toBe(
      '700: No paymentData/authorisationToken received. 3DS2 Challenge cannot proceed',
    );
  });
});
