import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../core/i18n/locales/ar.json';
import fr from '../../core/i18n/locales/fr-FR.json';
import { createCheckout } from '../../index.ts';
import { axeViolations } from '../../test/axe.ts';
import { CLIENT_KEY, GATEWAY_URL, installFakeFetch, installFakeFrames } from '../../test/fake-gateway.ts';
import { Card } from '../card/card.tsx';
import { SepaDirectDebit } from '../sepa/sepa.tsx';

let frames: ReturnType<typeof installFakeFrames>;
let host: HTMLElement;

async function mountCard(locale: string, translations?: Record<string, Record<string, string>>) {
  const checkout = await createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    amount: { value: 1000, currency: 'EUR' },
    countryCode: 'NL',
    locale,
    ...(translations ? { translations } : {}),
    onSubmit: vi.fn(),
  });
  const card = new Card(checkout, {});
  await act(async () => {
    card.mount(host);
  });
  await act(async () => frames.configureAll());
  return checkout;
}

const root = () => host.querySelector('.actuate-checkout') as HTMLElement;

beforeEach(() => {
  document.body.replaceChildren();
  host = document.createElement('div');
  document.body.appendChild(host);
  frames = installFakeFrames();
  installFakeFetch();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('locales in the rendered widget', () => {
  it('ar: the root is right to left with lang, the text Arabic, card numbers left to right', async () => {
    await mountCard('ar-SA');
    expect(root().getAttribute('dir')).toBe('rtl');
    expect(root().getAttribute('lang')).toBe('ar');
    expect(host.textContent).toContain(ar['creditCard.numberField.title']);
    expect(host.textContent).toMatch(/[\u0600-\u06FF]{3}/);
    for (const box of host.querySelectorAll('.actuate-checkout__input--secured'))
      expect(box.getAttribute('dir')).toBe('ltr');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('fr-CH renders French, left to right', async () => {
    await mountCard('fr-CH');
    expect(root().getAttribute('dir')).toBe('ltr');
    expect(root().getAttribute('lang')).toBe('fr-FR');
    expect(host.textContent).toContain(fr['creditCard.numberField.title']);
    expect(host.textContent).not.toContain('Card number');
  });

  it('the merchant’s overrides still win over the locale file', async () => {
    await mountCard('fr-FR', { 'fr-FR': { 'creditCard.numberField.title': 'Numéro de la carte bancaire' } });
    expect(host.textContent).toContain('Numéro de la carte bancaire');
  });

  it('a lazily added method shows the locale file’s strings, not its en-US defaults; IBAN stays LTR', async () => {
    const checkout = await createCheckout({
      clientKey: CLIENT_KEY,
      environmentUrl: GATEWAY_URL,
      analytics: { enabled: false },
      risk: { enabled: false },
      amount: { value: 1000, currency: 'EUR' },
      locale: 'ar',
      onSubmit: vi.fn(),
    });
    const sepa = new SepaDirectDebit(checkout, {});
    await act(async () => {
      sepa.mount(host);
    });
    expect(screen.getByLabelText(ar['sepa.ownerName'])).toBeTruthy();
    expect(host.textContent).not.toContain('Account holder name');
    expect(screen.getByLabelText(ar['sepa.ibanNumber']).getAttribute('dir')).toBe('ltr');
  });
});
