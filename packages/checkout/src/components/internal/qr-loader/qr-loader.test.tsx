import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { qrMethods } from '../../../catalogue/qr.ts';
import type { PaymentAction } from '../../../core/types.ts';
import { createCheckout } from '../../../index.ts';
import { axeViolations } from '../../../test/axe.ts';
import { CLIENT_KEY, type FakeFetch, GATEWAY_URL, installFakeFetch } from '../../../test/fake-gateway.ts';
import { mountElement } from '../../../test/mount.ts';
import type { PaymentElement } from '../../base/payment-element.tsx';
import { Dropin } from '../../dropin/dropin.tsx';
import DuitNow from '../../duitnow/index.ts';
import PayMe from '../../payme/index.ts';
import PayNow from '../../paynow/index.ts';
import PromptPay from '../../promptpay/index.ts';
import Swish from '../../swish/index.ts';
import WeChatPayQr from '../../wechatpay-qr/index.ts';

const STATUS_PATH = '/services/PaymentInitiation/v1/status';
let shown: PaymentElement[] = [];
let fake: FakeFetch;

beforeEach(() => {
  document.body.replaceChildren();
  fake = installFakeFetch();
  fake.route(STATUS_PATH, () => ({ type: 'pending' }));
});
afterEach(() => {
  for (const element of shown) element.unmount();
  shown = [];
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function showAction(action: PaymentAction, width = 1280) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query === '(max-width: 1024px)' && width <= 1024,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
  const checkout = await createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    amount: { value: 2500, currency: 'SGD' },
  });
  const host = document.body.appendChild(document.createElement('div'));
  const element = checkout.createFromAction(action) as unknown as PaymentElement;
  shown.push(element);
  await act(async () => void element.mount(host));
  await waitFor(() => expect(host.textContent).toContain('Time left'));
  return { host, checkout };
}

describe('the QR view', () => {
  it('shows the gateway’s QR image, amount, countdown, copy button and app link', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { host, checkout } = await showAction({
      type: 'qrCode',
      paymentMethodType: 'swish',
      qrCodeData: 'D/swish 123&x',
      paymentData: 'pd-1',
      url: 'http://gateway.test/simulator/PSP1',
    });
    const image = screen.getByRole('img', { name: 'QR code for paying with Swish' });
    expect(image.getAttribute('src')).toBe(
      `${GATEWAY_URL}barcode.shtml?barcodeType=qrCode&fileType=png&data=D%2Fswish+123%26x`,
    );
    expect(host.textContent).toContain('Scan the QR code with the Swish app');
    expect(host.textContent).toContain('SGD');
    // Swish's default: 3 minutes.
    expect(host.textContent).toContain('03:00');
    expect(screen.getByRole('progressbar', { name: 'Time left' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the Swish app' }).getAttribute('href')).toBe(
      'http://gateway.test/simulator/PSP1',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy QR code' })));
    expect(writeText).toHaveBeenCalledWith('D/swish 123&x');
    expect(checkout.liveRegion.current).toEqual(['QR code copied']);
    expect(await axeViolations(host)).toEqual([]);
  });

  it.each([
    ['paynow', 'Open your bank app and choose PayNow.'],
    ['payme', 'Open PayMe and tap the QR scanner.'],
  ])('shows %s’s steps up to 1024 px wide, otherwise a scan prompt', async (type, step) => {
    const action = { type: 'qrCode', paymentMethodType: type, qrCodeData: 'qr', paymentData: 'pd' };
    const narrow = await showAction(action, 1024);
    expect(narrow.host.querySelectorAll('li')).toHaveLength(3);
    expect(narrow.host.textContent).toContain(step);
    const wide = await showAction(action, 1280);
    expect(wide.host.querySelector('ol')).toBeNull();
    expect(wide.host.textContent).toContain('Scan the QR code with the');
  });

  it('shows an await action’s instructions, with a countdown only where the method has one', async () => {
    const upi = await showAction({ type: 'await', paymentMethodType: 'upi_collect', paymentData: 'pd' });
    expect(upi.host.textContent).toContain('Approve the payment request in your UPI app.');
    expect(upi.host.textContent).toContain('05:00');
    expect(await axeViolations(upi.host)).toEqual([]);
  });
});

describe('QR methods', () => {
  it.each([
    { Method: Swish, type: 'swish' },
    { Method: WeChatPayQr, type: 'wechatpayQR' },
    { Method: PromptPay, type: 'promptpay' },
    { Method: PayNow, type: 'paynow' },
    { Method: DuitNow, type: 'duitnow' },
    { Method: PayMe, type: 'payme' },
  ])('$type mounts, submits its type and shows the QR code it is answered with', async ({ Method, type }) => {
    expect(Method.txVariants).toEqual([type]);
    const answer = {
      resultCode: 'Pending' as const,
      action: { type: 'qrCode', paymentMethodType: type, qrCodeData: `${type}-qr`, paymentData: 'pd' },
    };
    const { host, element, submitted } = await mountElement((checkout) => new Method(checkout), { answer });
    shown.push(element);
    const button = screen.getByRole('button', { name: /^Continue to / });
    expect(host.textContent).toContain('scan the QR code');
    await act(async () => fireEvent.click(button));
    expect(submitted[0]?.paymentMethod).toMatchObject({ type });
    await waitFor(() => expect(host.querySelector('img')?.getAttribute('src')).toContain(`data=${type}-qr`));
  });
});

describe('a QR method in the drop-in', () => {
  it('shows the QR code in the method’s place, then the drop-in’s success screen', async () => {
    fake.route(STATUS_PATH, () => ({ type: 'complete', resultCode: 'Authorised', payload: 'pl' }));
    const onAdditionalDetails = vi.fn((_state, _element, actions) =>
      actions.resolve({ resultCode: 'Authorised' }),
    );
    const checkout = await createCheckout({
      clientKey: CLIENT_KEY,
      environmentUrl: GATEWAY_URL,
      analytics: { enabled: false },
      risk: { enabled: false },
      amount: { value: 2500, currency: 'SEK' },
      paymentMethodsResponse: { paymentMethods: [{ type: 'swish', name: 'Swish' }] },
      onSubmit: (_state, _element, actions) =>
        actions.resolve({
          resultCode: 'Pending',
          action: { type: 'qrCode', paymentMethodType: 'swish', qrCodeData: 'sw', paymentData: 'pd' },
        }),
      onAdditionalDetails,
    });
    const host = document.body.appendChild(document.createElement('div'));
    const dropin = new Dropin(checkout, { paymentMethodComponents: qrMethods });
    shown.push(dropin);
    await act(async () => void dropin.mount(host));
    const button = await screen.findByRole('button', { name: 'Continue to Swish' });
    await act(async () => fireEvent.click(button));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'QR code for paying with Swish' })).toBeTruthy(),
    );
    await waitFor(() => expect(onAdditionalDetails).toHaveBeenCalledTimes(1), { timeout: 4_000 });
    expect(onAdditionalDetails.mock.calls[0]?.[0].data).toEqual({ details: { payload: 'pl' } });
    await waitFor(() => expect(host.textContent).toContain('Payment Successful'));
  });
});
