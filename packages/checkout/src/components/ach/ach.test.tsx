import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import {
  type FakeFetch,
  type FakeFrames,
  installFakeFetch,
  installFakeFrames,
  tick,
} from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { Ach, type AchOptions } from './index.ts';

let host: HTMLElement;
let frames: FakeFrames;
let fake: FakeFetch;

async function setup(options: AchOptions = {}, amount = 2500) {
  const mounted = await mountElement((checkout) => new Ach(checkout, options), {
    amount: { value: amount, currency: 'USD' },
    countryCode: 'US',
  });
  host = mounted.host;
  return { ach: mounted.element, onSubmit: mounted.onSubmit };
}

const configure = () => act(async () => frames.configureAll());
const fillNumbers = () =>
  act(async () => {
    frames.encrypt('encryptedBankAccountNumber');
    frames.encrypt('encryptedBankLocationId');
  });

beforeEach(() => {
  frames = installFakeFrames();
  fake = installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('Ach', () => {
  it('puts the account and routing numbers in two ach frames', async () => {
    await setup();
    await configure();
    const configs = frames
      .all()
      .map((iframe) => frames.received(iframe).find((message) => message.action === 'config'));
    expect(configs.map((config) => config && 'fieldType' in config && config.fieldType)).toEqual([
      'encryptedBankAccountNumber',
      'encryptedBankLocationId',
    ]);
    expect(frames.all()[0]?.src).toContain('type=ach');
  });

  it('sends the encrypted numbers with owner name, account type and the store choice', async () => {
    const { ach, onSubmit } = await setup({ enableStoreDetails: true });
    await configure();
    expect(ach.isValid).toBe(false);
    await fillNumbers();
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/account holder name/i), { target: { value: 'J. Smith' } });
      fireEvent.click(screen.getByLabelText('Savings'));
      fireEvent.click(screen.getByLabelText(/save this account/i));
    });
    expect(ach.isValid).toBe(true);
    expect(ach.data).toMatchObject({
      paymentMethod: {
        type: 'ach',
        encryptedBankAccountNumber: 'jwe-encryptedBankAccountNumber',
        encryptedBankLocationId: 'jwe-encryptedBankLocationId',
        ownerName: 'J. Smith',
        bankAccountType: 'savings',
      },
      storePaymentMethod: true,
    });
    await act(async () => {
      void ach.submit();
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('defaults to checking and shows the frame errors by key', async () => {
    const { ach } = await setup({ holderNameRequired: true });
    await configure();
    expect((screen.getByLabelText('Checking') as HTMLInputElement).checked).toBe(true);
    await act(async () => {
      frames.send(frames.byField('encryptedBankLocationId'), {
        action: 'validation',
        error: 'ach.loc.948',
        revoked: false,
      });
    });
    expect(screen.getByText('Enter a valid routing number')).toBeTruthy();
    await act(async () => {
      void ach.submit();
    });
    expect(screen.getByText('Enter the account number')).toBeTruthy();
    expect(screen.getByText('Enter the account holder name')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/account holder name/i));
  });

  it('limits the billing address to the US and Puerto Rico', async () => {
    fake.route('/datasets/countries/en-US.json', () => [
      { id: 'CA', name: 'Canada' },
      { id: 'PR', name: 'Puerto Rico' },
      { id: 'US', name: 'United States' },
    ]);
    await setup({ billingAddressRequired: true, billingAddressAllowedCountries: ['US', 'PR', 'CA'] });
    await act(async () => tick());
    const country = screen.getByLabelText(/country/i) as HTMLSelectElement;
    const values = Array.from(country.options, (option) => option.value).filter(Boolean);
    expect(values.sort()).toEqual(['PR', 'US']);
  });

  it('shows a stored account as one button', async () => {
    const stored = {
      id: 'ACH123',
      supportedShopperInteractions: ['Ecommerce'],
      bankAccountNumber: '*****6789',
    };
    const { ach, onSubmit } = await setup(stored);
    expect(frames.all()).toHaveLength(0);
    expect(screen.getByRole('button').textContent).toBe('Continue to ACH Direct Debit *****6789');
    expect(ach.data.paymentMethod).toEqual({ type: 'ach', storedPaymentMethodId: 'ACH123' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await setup(stored, 0);
    expect(screen.getByRole('button').textContent).toBe('Preauthorize with ACH Direct Debit *****6789');
  });

  it('has no axe violations', async () => {
    await setup({ billingAddressRequired: true });
    await configure();
    expect(await axeViolations(host)).toEqual([]);
  });
});
