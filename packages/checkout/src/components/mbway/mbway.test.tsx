import { act, fireEvent, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { type FakeFetch, GATEWAY_URL, installFakeFetch } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { MBWay } from './index.ts';
import { formatPhoneNumber, mbwayErrors, phoneNumberError } from './validate.ts';

let gateway: FakeFetch;
beforeEach(() => {
  gateway = installFakeFetch();
  gateway.route('/datasets/phonenumbers.json', () => [
    { id: 'ES', prefix: '+34' },
    { id: 'NL', prefix: '+31' },
    { id: 'PT', prefix: '+351' },
  ]);
});
afterEach(() => vi.unstubAllGlobals());

/** Seven more digits after a Portuguese start (2 and an area digit, or 91, 92, 93). */
const portugueseNumber = fc
  .tuple(
    fc.constantFrom('91', '92', '93', ...'0123456789'.split('').map((d) => `2${d}`)),
    fc.stringMatching(/^\d{7}$/),
  )
  .map(([start, rest]) => start + rest);

describe('MB Way number rules', () => {
  it('accepts every nine-digit Portuguese number', () => {
    fc.assert(fc.property(portugueseNumber, (number) => phoneNumberError('+351', number) === undefined));
  });

  it('refuses a Portuguese number of another length or start', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,15}$/).filter((number) => !/^(2\d|9[123])\d{7}$/.test(number)),
        (number) => phoneNumberError('+351', number) === 'invalidPhoneNumber',
      ),
    );
    expect(phoneNumberError('+351', '941234567')).toBe('invalidPhoneNumber');
  });

  it('needs at least four digits with another prefix', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,15}$/),
        (number) =>
          phoneNumberError('+31', number) === (number.length >= 4 ? undefined : 'mobileNumber.invalid'),
      ),
    );
  });

  it('leaves an empty number unflagged until the submit, and needs a prefix', () => {
    expect(phoneNumberError('+351', '')).toBeUndefined();
    expect(mbwayErrors('+351', '')).toEqual({ phoneNumber: 'mobileNumber.invalid' });
    expect(mbwayErrors('', '612345678')).toEqual({ phonePrefix: 'invalidCountryCode' });
  });

  it('keeps only digits of what is typed', () => {
    fc.assert(fc.property(fc.string(), (typed) => /^\d{0,15}$/.test(formatPhoneNumber(typed))));
    expect(formatPhoneNumber('+351 912 345 678')).toBe('351912345678');
  });
});

const prefixSelect = () => screen.getByLabelText<HTMLSelectElement>('Country code');
const numberInput = () => screen.getByLabelText<HTMLInputElement>('Mobile number');
const confirm = () => screen.getByRole('button', { name: 'Confirm purchase' });

async function setup(environmentUrl = GATEWAY_URL) {
  return mountElement((checkout) => new MBWay(checkout), {
    amount: { value: 2500, currency: 'EUR' },
    environmentUrl,
  });
}

describe('MB Way', () => {
  it('starts on +351 and sends the prefix with the number', async () => {
    const { submitted, host } = await setup();
    expect(prefixSelect().value).toBe('+351');
    expect(screen.getByRole('option', { name: '+34 (ES)' })).toBeTruthy();
    await act(async () => void fireEvent.change(numberInput(), { target: { value: '912 345 678' } }));
    await act(async () => void fireEvent.click(confirm()));
    expect(submitted).toEqual([
      expect.objectContaining({ paymentMethod: { type: 'mbway', telephoneNumber: '+351912345678' } }),
    ]);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('re-checks the number when the prefix changes', async () => {
    const { submitted, host } = await setup();
    await act(async () => void fireEvent.change(numberInput(), { target: { value: '612345' } }));
    await act(async () => void fireEvent.blur(numberInput()));
    expect(host.textContent).toContain('Enter a Portuguese number of 9 digits');
    await act(async () => void fireEvent.change(prefixSelect(), { target: { value: '+31' } }));
    expect(host.textContent).not.toContain('Enter a Portuguese number of 9 digits');
    expect(numberInput().getAttribute('aria-invalid')).toBe('false');
    await act(async () => void fireEvent.click(confirm()));
    expect(submitted[0]).toMatchObject({ paymentMethod: { type: 'mbway', telephoneNumber: '+31612345' } });
  });

  it('asks for the number on submit and focuses it', async () => {
    const { submitted, checkout, host } = await setup();
    await act(async () => void fireEvent.click(confirm()));
    expect(submitted).toEqual([]);
    expect(numberInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(numberInput());
    expect(checkout.liveRegion.current).toEqual(['Enter a valid mobile number']);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('keeps +351 selectable when the prefixes fail to load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Another gateway root (prefixes are cached per URL) where the dataset is not found.
    await setup(`${GATEWAY_URL}elsewhere/`);
    expect(warn).toHaveBeenCalled();
    expect(prefixSelect().value).toBe('+351');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    warn.mockRestore();
  });
});
