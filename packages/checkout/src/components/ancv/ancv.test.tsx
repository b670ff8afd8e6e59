import { act, fireEvent, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { installFakeFetch } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { Ancv } from './index.ts';
import { beneficiaryIdError } from './validate.ts';

beforeEach(() => {
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

const INVALID = 'ancv.beneficiaryId.invalid';
const idInput = () => screen.getByLabelText<HTMLInputElement>('ANCV id or e-mail address');

describe('ANCV beneficiary rule', () => {
  it('accepts exactly eleven digits', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{11}$/), (id) => beneficiaryIdError(id) === undefined));
  });

  it('refuses any other number of digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,20}$/).filter((id) => id.length !== 11),
        (id) => beneficiaryIdError(id) === INVALID,
      ),
    );
  });

  it('accepts an e-mail of 6 to 320 characters, and no longer one', () => {
    expect(beneficiaryIdError('jean.dupont@example.fr')).toBeUndefined();
    expect(beneficiaryIdError('a@b.fr')).toBeUndefined();
    expect(beneficiaryIdError(`${'a'.repeat(309)}@example.fr`)).toBeUndefined();
    expect(beneficiaryIdError(`${'a'.repeat(310)}@example.fr`)).toBe(INVALID);
    expect(beneficiaryIdError('a@b.f')).toBe(INVALID);
    expect(beneficiaryIdError('jean.dupont')).toBe(INVALID);
    expect(beneficiaryIdError('')).toBe(INVALID);
  });
});

describe('ANCV', () => {
  it('sends the beneficiary id', async () => {
    const { submitted, host } = await mountElement((checkout) => new Ancv(checkout), {
      amount: { value: 5000, currency: 'EUR' },
    });
    await act(async () => void fireEvent.change(idInput(), { target: { value: ' 12345678901 ' } }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Pay €50.00' })));
    expect(submitted).toEqual([
      expect.objectContaining({ paymentMethod: { type: 'ancv', beneficiaryId: '12345678901' } }),
    ]);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('refuses a malformed id with its message, on blur and on pay', async () => {
    const { submitted, host } = await mountElement((checkout) => new Ancv(checkout), {
      amount: { value: 5000, currency: 'EUR' },
    });
    await act(async () => void fireEvent.change(idInput(), { target: { value: '1234567890' } }));
    await act(async () => void fireEvent.blur(idInput()));
    const message = 'Enter your 11-digit ANCV id or the e-mail address of your account';
    expect(host.textContent).toContain(message);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Pay €50.00' })));
    expect(submitted).toEqual([]);
    expect(idInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(idInput());
    await act(async () => void fireEvent.change(idInput(), { target: { value: 'jean@example.fr' } }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Pay €50.00' })));
    expect(submitted[0]).toMatchObject({ paymentMethod: { type: 'ancv', beneficiaryId: 'jean@example.fr' } });
  });
});
