import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Checkout } from '../../../core/checkout.ts';
import { axeViolations } from '../../../test/axe.ts';
import { mountElement } from '../../../test/mount.ts';
import { Eps } from '../../eps/index.ts';
import { Ideal } from '../../ideal/index.ts';
import { OnlineBankingPL } from '../../online-banking-pl/index.ts';
import type { IssuerListElement, IssuerListOptions } from './issuer-list-element.tsx';
import { highlighted, issuerError } from './validate.ts';

const ISSUERS = [
  { id: 'bank_a', name: 'Alpha Bank' },
  { id: 'bank_b', name: 'Beta Bank' },
  { id: 'bank_c', name: 'Gamma Bank', disabled: true },
];

let host: HTMLElement;
afterEach(() => vi.restoreAllMocks());

async function mount(
  Component: new (checkout: Checkout, options: IssuerListOptions) => IssuerListElement,
  options: IssuerListOptions,
  locale = 'en-US',
) {
  const mounted = await mountElement((checkout) => new Component(checkout, options), {
    locale,
    amount: { value: 1000, currency: 'EUR' },
  });
  host = mounted.host;
  return mounted;
}

describe('issuer validation', () => {
  it('needs a selectable issuer when the list has any', () => {
    expect(issuerError(ISSUERS, '')).toBe('issuerList.selectField.contextualText');
    expect(issuerError(ISSUERS, 'bank_c')).toBe('issuerList.selectField.contextualText');
    expect(issuerError(ISSUERS, 'nope')).toBe('issuerList.selectField.contextualText');
    expect(issuerError(ISSUERS, 'bank_b')).toBeUndefined();
    expect(issuerError([], '')).toBeUndefined();
  });

  it('features only known, selectable issuers in the merchant order', () => {
    expect(highlighted(ISSUERS, ['bank_b', 'bank_c', 'x', 'bank_a']).map((issuer) => issuer.id)).toEqual([
      'bank_b',
      'bank_a',
    ]);
  });
});

describe('Issuer list', () => {
  it('shows the error on submit without a choice, then pays with the chosen issuer', async () => {
    const { element, onSubmit } = await mount(Eps, { type: 'eps', name: 'EPS', issuers: ISSUERS });
    const select = screen.getByLabelText('Bank') as HTMLSelectElement;
    expect(element.isValid).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const errorId = select.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Select your bank to continue');
    expect(document.activeElement).toBe(select);
    expect(
      (screen.getByRole('option', { name: 'Gamma Bank (unavailable)' }) as HTMLOptionElement).disabled,
    ).toBe(true);

    await act(async () => fireEvent.change(select, { target: { value: 'bank_b' } }));
    expect(select.getAttribute('aria-invalid')).toBe('false');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to Beta Bank' })));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0].data.paymentMethod).toMatchObject({ type: 'eps', issuer: 'bank_b' });
    expect(onSubmit.mock.calls[0]?.[0].data.browserInfo).toBeDefined();
  });

  it('offers featured issuers as toggle buttons that fill the dropdown', async () => {
    const { element } = await mount(Eps, { issuers: ISSUERS, highlightedIssuers: ['bank_a', 'bank_c'] });
    expect(screen.getAllByRole('button', { pressed: false }).map((button) => button.textContent)).toEqual([
      'Alpha Bank',
    ]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Alpha Bank' })));
    expect(screen.getByRole('button', { name: 'Alpha Bank', pressed: true })).toBeTruthy();
    expect((screen.getByLabelText('Other bank') as HTMLSelectElement).value).toBe('bank_a');
    expect(element.data.paymentMethod).toMatchObject({ type: 'eps', issuer: 'bank_a' });
    expect(await axeViolations(host)).toEqual([]);
  });

  it('is valid without a choice when the entry has no issuers (iDEAL as a plain redirect)', async () => {
    const { element, onSubmit } = await mount(Ideal, { type: 'ideal', name: 'iDEAL' });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(element.isValid).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to iDEAL' })));
    expect(onSubmit.mock.calls[0]?.[0].data.paymentMethod).toEqual({ type: 'ideal' });
  });

  it('links the Polish provider terms, in the shopper language', async () => {
    await mount(OnlineBankingPL, { issuers: ISSUERS }, 'de-DE');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Regeln', 'Datenschutzinformationen']);
    expect(links[0]?.getAttribute('href')).toContain('przelewy24.pl');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeTruthy();
    expect(await axeViolations(host)).toEqual([]);
  });
});
