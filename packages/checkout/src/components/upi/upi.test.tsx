import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { installFakeFetch } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { defaultUpiMode, upiApps } from './modes.ts';
import { Upi, type UpiOptions } from './upi.tsx';
import { virtualPaymentAddressError } from './validate.ts';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const WITH_APPS = { configuration: { appIds: ['gpay', 'phonepe', 'someapp'] } };

beforeEach(() => {
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

async function setup(userAgent: string, options: UpiOptions = {}) {
  vi.stubGlobal('navigator', { ...navigator, userAgent, userAgentData: undefined });
  return mountElement((checkout) => new Upi(checkout, options), {
    amount: { value: 49900, currency: 'INR' },
  });
}

const segment = (name: string) => screen.getByRole('radio', { name });
const checkedSegment = () =>
  screen.getAllByRole('radio').find((radio) => radio.getAttribute('aria-checked') === 'true');
const pay = async (name: RegExp | string) =>
  act(async () => void fireEvent.click(screen.getByRole('button', { name })));

describe('UPI rules', () => {
  it('opens QR on a computer, else the app list when apps exist, else the UPI id', () => {
    expect(defaultUpiMode(true, false)).toBe('qrCode');
    expect(defaultUpiMode(false, false)).toBe('qrCode');
    expect(defaultUpiMode(true, true)).toBe('intent');
    expect(defaultUpiMode(false, true)).toBe('vpa');
  });

  it('names the apps of the payment method by id, and prefers the merchant list', () => {
    expect(upiApps(undefined, WITH_APPS.configuration)).toEqual([
      { id: 'gpay', name: 'Google Pay' },
      { id: 'phonepe', name: 'PhonePe' },
      { id: 'someapp', name: 'someapp' },
    ]);
    expect(upiApps([{ id: 'bhim', name: 'BHIM' }], WITH_APPS.configuration)).toEqual([
      { id: 'bhim', name: 'BHIM' },
    ]);
    expect(upiApps(undefined, undefined)).toEqual([]);
  });

  it('needs a UPI id that is not blank', () => {
    expect(virtualPaymentAddressError('')).toBe('upi.vpa.invalid');
    expect(virtualPaymentAddressError('   ')).toBe('upi.vpa.invalid');
    expect(virtualPaymentAddressError('asha@okbank')).toBeUndefined();
  });
});

describe('UPI', () => {
  it('on a computer opens the QR code and asks for nothing', async () => {
    const { submitted, host } = await setup(DESKTOP, WITH_APPS);
    expect(checkedSegment()?.textContent).toBe('QR code');
    expect(screen.getByRole('radiogroup', { name: 'How to pay with UPI' })).toBeTruthy();
    await pay('Generate QR code');
    expect(submitted).toEqual([expect.objectContaining({ paymentMethod: { type: 'upi_qr' } })]);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('on a phone with apps lists them and pays with the chosen one', async () => {
    const { submitted, host } = await setup(PHONE, WITH_APPS);
    expect(checkedSegment()?.textContent).toBe('UPI app');
    await pay(/^Pay/);
    expect(submitted).toEqual([]);
    expect(host.textContent).toContain('Choose a UPI app or enter a UPI ID');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Google Pay' }));
    await act(async () => void fireEvent.click(screen.getByRole('radio', { name: 'PhonePe' })));
    await pay(/^Pay/);
    expect(submitted).toEqual([
      expect.objectContaining({ paymentMethod: { type: 'upi_intent', appId: 'phonepe' } }),
    ]);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('sends a collect request from the app list entry that asks for a UPI id', async () => {
    const { submitted } = await setup(PHONE, WITH_APPS);
    await act(async () => void fireEvent.click(screen.getByRole('radio', { name: 'Enter a UPI ID' })));
    const vpa = screen.getByLabelText<HTMLInputElement>('UPI ID');
    await act(async () => void fireEvent.change(vpa, { target: { value: ' asha@okbank ' } }));
    await pay(/^Pay/);
    expect(submitted[0]).toMatchObject({
      paymentMethod: { type: 'upi_collect', virtualPaymentAddress: 'asha@okbank' },
    });
  });

  it('on a phone without apps asks for the UPI id, required', async () => {
    const { submitted, host, checkout } = await setup(PHONE);
    expect(checkedSegment()?.textContent).toBe('UPI ID');
    expect(screen.queryByRole('radio', { name: 'UPI app' })).toBeNull();
    const vpa = screen.getByRole('textbox', { name: 'UPI ID' });
    await act(async () => void fireEvent.blur(vpa));
    expect(vpa.getAttribute('aria-invalid')).toBe('true');
    await pay(/^Pay/);
    expect(submitted).toEqual([]);
    expect(document.activeElement).toBe(vpa);
    expect(checkout.liveRegion.current).toEqual(['Enter your UPI ID, e.g. name@bank']);
    await act(async () => void fireEvent.change(vpa, { target: { value: 'asha@okbank' } }));
    await pay(/^Pay/);
    expect(submitted[0]).toMatchObject({
      paymentMethod: { type: 'upi_collect', virtualPaymentAddress: 'asha@okbank' },
    });
    expect(await axeViolations(host)).toEqual([]);
  });

  it('moves between modes with the arrow keys, Home and End; only the chosen one is tabbable', async () => {
    const { submitted } = await setup(PHONE, WITH_APPS);
    const app = segment('UPI app');
    const qr = segment('QR code');
    expect(app.tabIndex).toBe(0);
    expect(qr.tabIndex).toBe(-1);
    app.focus();
    await act(async () => void fireEvent.keyDown(app, { key: 'ArrowRight' }));
    expect(qr.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(qr);
    expect([app.tabIndex, qr.tabIndex]).toEqual([-1, 0]);
    expect(screen.queryByRole('radio', { name: 'Google Pay' })).toBeNull();
    // Wraps round at either end.
    await act(async () => void fireEvent.keyDown(qr, { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(app);
    await act(async () => void fireEvent.keyDown(app, { key: 'ArrowLeft' }));
    expect(document.activeElement).toBe(qr);
    await act(async () => void fireEvent.keyDown(qr, { key: 'Home' }));
    expect(app.getAttribute('aria-checked')).toBe('true');
    await act(async () => void fireEvent.keyDown(app, { key: 'End' }));
    expect(qr.getAttribute('aria-checked')).toBe('true');
    await pay('Generate QR code');
    expect(submitted[0]).toMatchObject({ paymentMethod: { type: 'upi_qr' } });
  });

  it('opens the merchant default mode when it is offered', async () => {
    await setup(DESKTOP, { ...WITH_APPS, defaultMode: 'intent' });
    expect(checkedSegment()?.textContent).toBe('UPI app');
  });
});
