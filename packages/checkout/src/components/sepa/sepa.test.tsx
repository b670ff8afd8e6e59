import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { installFakeFetch } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { SepaDirectDebit, type SepaDirectDebitOptions } from './index.ts';

let host: HTMLElement;

async function setup(options: SepaDirectDebitOptions = {}, locale = 'en-US') {
  const mounted = await mountElement((checkout) => new SepaDirectDebit(checkout, options), {
    amount: { value: 1000, currency: 'EUR' },
    locale,
  });
  host = mounted.host;
  return { sepa: mounted.element, onSubmit: mounted.onSubmit };
}

const type = async (label: RegExp, value: string) => {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
};
const blur = async (label: RegExp) => {
  await act(async () => {
    fireEvent.blur(screen.getByLabelText(label));
  });
};

beforeEach(() => {
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('SepaDirectDebit', () => {
  it('groups the IBAN in fours and sends it plain with the owner name', async () => {
    const { sepa, onSubmit } = await setup();
    await type(/account holder name/i, 'A. Schneider');
    await type(/^IBAN/, 'nl13-test.0123456789');
    expect((screen.getByLabelText(/^IBAN/) as HTMLInputElement).value).toBe('NL13 TEST 0123 4567 89');
    expect(sepa.isValid).toBe(true);
    expect(sepa.data.paymentMethod).toEqual({
      type: 'sepadirectdebit',
      iban: 'NL13TEST0123456789',
      ownerName: 'A. Schneider',
    });
    await act(async () => {
      // onSubmit never answers here: the submission stays pending.
      void sepa.submit();
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows the invalid-IBAN text for a full IBAN with a wrong checksum, but not while typing a short one', async () => {
    const { sepa } = await setup();
    await type(/^IBAN/, 'NL13 TEST');
    expect(screen.queryByText('Check the IBAN: it is not a valid account number')).toBeNull();
    await type(/^IBAN/, 'NL14TEST0123456789');
    expect(screen.getByText('Check the IBAN: it is not a valid account number')).toBeTruthy();
    expect(screen.getByLabelText(/^IBAN/).getAttribute('aria-invalid')).toBe('true');
    expect(sepa.isValid).toBe(false);
  });

  it('shows every error on submit and focuses the first', async () => {
    const { sepa, onSubmit } = await setup();
    await type(/^IBAN/, 'NL13');
    await act(async () => {
      // onSubmit never answers here: the submission stays pending.
      void sepa.submit();
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Enter the account holder name')).toBeTruthy();
    expect(screen.getByText('Check the IBAN: it is not a valid account number')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/account holder name/i));
  });

  it('can drop or relax the owner name', async () => {
    const { sepa } = await setup({ hasHolderName: false });
    expect(screen.queryByLabelText(/account holder name/i)).toBeNull();
    await type(/^IBAN/, 'DE87123456781234567890');
    expect(sepa.isValid).toBe(true);
    const relaxed = await setup({ holderNameRequired: false });
    await type(/^IBAN/, 'DE87123456781234567890');
    await blur(/account holder name/i);
    expect(relaxed.sepa.isValid).toBe(true);
  });

  it('refuses a valid IBAN of a country outside SEPA', async () => {
    const { sepa } = await setup();
    await type(/account holder name/i, 'A. Souza');
    await type(/^IBAN/, 'BR1800360305000010009795493C1');
    expect(sepa.isValid).toBe(false);
  });

  it('speaks German and has no axe violations', async () => {
    await setup({}, 'de-DE');
    expect(screen.getByLabelText(/Name des Kontoinhabers/)).toBeTruthy();
    expect(await axeViolations(host)).toEqual([]);
  });
});
